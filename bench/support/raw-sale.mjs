// One sale as raw statements in one transaction: what the API's sale writes, in the API's order,
// without the API (no validation reads, no domain lib): lock the batches in id order, write the
// invoice, lines and draws, move the batches, then what a sale serialises on, each in one
// statement: the location's ledger (its balance moved and the transaction written at the start
// it found), the business's next invoice number, and the activity entry with the NOTIFY.
import { randomBytes } from 'node:crypto';

/** `sale`: { locationID, lines: [{ itemID, price }] }, 5 of each line, FIFO. False when out of stock. */
export async function rawSale(client, { businessId, userId }, sale) {
  await client.query('BEGIN');
  try {
    const ids = sale.lines.map((line) => line.itemID);
    const { rows: batches } = await client.query(
      `SELECT id, item_id, quantity - quantity_sold AS remaining, cost, date_added, created_at FROM batches
        WHERE business_id = $1 AND location_id = $2 AND item_id = ANY($3::uuid[]) AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
      [businessId, sale.locationID, ids],
    );
    const draws = [];
    for (const [index, line] of sale.lines.entries()) {
      let left = 5;
      const fifo = batches.filter((b) => b.item_id === line.itemID && Number(b.remaining) > 0).sort((a, b) => a.date_added - b.date_added || a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
      for (const batch of fifo) {
        if (left === 0) break;
        const take = Math.min(left, Number(batch.remaining));
        draws.push({ index, batchId: batch.id, quantity: take, cost: batch.cost });
        left -= take;
      }
      if (left > 0) throw new Error('out of stock');
    }
    const total = sale.lines.reduce((sum, line) => sum + 5 * Number(line.price), 0);
    const cost = draws.reduce((sum, draw) => sum + draw.quantity * Number(draw.cost), 0);
    const { rows: [invoice] } = await client.query(
      `INSERT INTO invoices (business_id, location_id, invoice_number, user_id, payment_method, paid_amount, link, total_amount, total_discount, total_quantity, total_cost, grand_total, outstanding, net_result, settled, credit)
       VALUES ($1, $2, -(txid_current() % 2147483647)::int - 1, $3, 'Cash', $4, $5, $4, 0, 15, $6, $4, 0, $4::numeric - $6::numeric, true, false) RETURNING id`,
      [businessId, sale.locationID, userId, total, randomBytes(32).toString('base64url'), cost],
    );
    const { rows: lines } = await client.query(
      `INSERT INTO invoice_lines (invoice_id, position, item_id, item_name, variant_name, simple_item, quantity, price, discount, stock_valuation_method)
       SELECT $1, l.ord, l.item_id, i.item_name, i.variant_name, i.simple_item, 5, l.price, 0, 'FIFO'
         FROM unnest($2::uuid[], $3::numeric[]) WITH ORDINALITY AS l(item_id, price, ord) JOIN items i ON i.id = l.item_id ORDER BY l.ord RETURNING id, position`,
      [invoice.id, ids, sale.lines.map((line) => line.price)],
    );
    const lineId = new Map(lines.map((line) => [Number(line.position), line.id]));
    await client.query(
      `INSERT INTO invoice_line_draws (line_id, position, batch_id, quantity, unit_cost) SELECT * FROM unnest($1::uuid[], $2::int[], $3::uuid[], $4::numeric[], $5::numeric[])`,
      [draws.map((d) => lineId.get(d.index + 1)), draws.map((_, i) => i), draws.map((d) => d.batchId), draws.map((d) => d.quantity), draws.map((d) => d.cost)],
    );
    const moved = [...new Set(draws.map((d) => d.batchId))].sort();
    await client.query(
      `UPDATE batches b SET quantity_sold = b.quantity_sold + m.quantity, updated_at = now() FROM unnest($2::uuid[], $3::numeric[]) AS m(id, quantity) WHERE b.id = m.id AND b.business_id = $1`,
      [businessId, moved, moved.map((id) => draws.filter((d) => d.batchId === id).reduce((sum, d) => sum + d.quantity, 0))],
    );
    await client.query(
      `WITH place AS (
         UPDATE locations SET current_balance = current_balance + $5::numeric WHERE id = $2 AND business_id = $1 RETURNING current_balance - $5::numeric AS start)
       INSERT INTO transactions (business_id, location_id, user_id, invoice_id, transaction_type, amount, balance)
       SELECT $1, $2, $3, $4, 'Sale', $5, place.start + $5::numeric FROM place`,
      [businessId, sale.locationID, userId, invoice.id, total],
    );
    const { rows: [{ invoice_number: number }] } = await client.query(
      `WITH next AS (
         INSERT INTO invoice_counters (business_id, last_number) VALUES ($1, 1)
         ON CONFLICT (business_id) DO UPDATE SET last_number = invoice_counters.last_number + 1 RETURNING last_number)
       UPDATE invoices SET invoice_number = next.last_number FROM next WHERE invoices.id = $2 RETURNING invoices.invoice_number`,
      [businessId, invoice.id],
    );
    await client.query(
      `WITH entry AS (INSERT INTO activities (business_id, user_id, location_ids, action, entity, description) VALUES ($1, $2, $3, 'Created', 'Invoice', $4))
       SELECT pg_notify('stockbook_live', $5)`,
      [businessId, userId, [sale.locationID], `Created invoice #${number}`, JSON.stringify({ to: { businessId }, message: { event: 'invalidate', data: ['invoices', 'items'] } })],
    );
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK');
    if (error.message !== 'out of stock') throw error;
    return false;
  }
}
