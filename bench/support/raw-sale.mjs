// One sale as raw statements in one transaction: the statements the API's sale sends, in its order
// and of its shapes, without the API (no HTTP, session, validation or domain lib):
//   1. the reads: the items sold, the batches a FIFO line of 5 draws from at the location locked in
//      id order, the location, the business's currency and the categories and attribute values of
//      the items, as JSON columns of one statement, its parameters read through a materialised CTE
//      as the API's are (sales/invoices/sale-reads.ts);
//   2. the rows: the invoice (numbered later), its lines, their draws, the payment and the batches
//      moved, in one statement answering the rows as written (sale-rows.ts);
//   3. what a sale serialises on, last: the location's balance and its ledger transaction, the
//      business's next invoice number (the counter's row taken from the location's) and the
//      activity entry naming it, in one statement answering the number (InvoicesService.sell, ledgerPosting);
//   4. COMMIT. Like the API's, the transaction sends no NOTIFY (the API sends its events after
//      commit, many sales' in one statement).
// Each statement is a named prepared statement, as the API's are (preparedQuery): parsed once per
// connection and, after its first executions, run on PostgreSQL's generic plan.
import { randomBytes } from 'node:crypto';

/** `sale`: { locationID, lines: [{ itemID, price }] }, 5 of each line, FIFO. False when out of stock. */
export async function rawSale(client, { businessId, userId }, sale) {
  await client.query('BEGIN');
  try {
    const ids = sale.lines.map((line) => line.itemID);
    const { rows: [read] } = await client.query({ name: 'raw-sale-reads', text: `WITH given AS MATERIALIZED (SELECT $1::uuid AS business, $2::uuid AS location, $3::uuid[] AS items),
            sellable AS (SELECT i.id, i.item_name, i.variant_name, i.simple_item, i.price::text AS price FROM items i
                          WHERE i.id = ANY((SELECT items FROM given)::uuid[]) AND i.business_id = (SELECT business FROM given) AND i.deleted_at IS NULL),
            live AS (SELECT id, quantity - quantity_sold AS remaining,
                            sum(quantity - quantity_sold) OVER (PARTITION BY item_id ORDER BY date_trunc('milliseconds', date_added), date_trunc('milliseconds', created_at), id
                                                               ROWS UNBOUNDED PRECEDING) AS oldest_to_here
                       FROM batches WHERE business_id = (SELECT business FROM given) AND location_id = (SELECT location FROM given) AND item_id IN (SELECT id FROM sellable)
                        AND deleted_at IS NULL AND quantity > quantity_sold),
            locked AS (SELECT id, item_id, (quantity - quantity_sold)::text AS remaining, cost::text AS cost, date_added, created_at FROM batches
                        WHERE id IN (SELECT id FROM live WHERE oldest_to_here - remaining < 5) AND business_id = (SELECT business FROM given) AND deleted_at IS NULL
                          AND quantity > quantity_sold
                        ORDER BY id FOR UPDATE),
            place AS (SELECT id, name FROM locations WHERE id = (SELECT location FROM given) AND business_id = (SELECT business FROM given))
       SELECT b.currency, (SELECT row_to_json(place) FROM place) AS location, (SELECT coalesce(json_agg(sellable), '[]') FROM sellable) AS items,
              (SELECT coalesce(json_agg(locked ORDER BY locked.id), '[]') FROM locked) AS batches,
              (SELECT coalesce(json_agg(x ORDER BY x.kind, x.first, x.second), '[]') FROM (
                 SELECT 'category' AS kind, ic.item_id, c.id, c.name AS value, c.name AS first, NULL::text AS second
                   FROM item_categories ic JOIN categories c ON c.id = ic.category_id WHERE ic.item_id IN (SELECT id FROM sellable)
                 UNION ALL
                 SELECT 'value', iav.item_id, v.id, v.value, a.name, v.value
                   FROM item_attribute_values iav JOIN attribute_values v ON v.id = iav.attribute_value_id JOIN attributes a ON a.id = v.attribute_id
                  WHERE iav.item_id IN (SELECT id FROM sellable)) x) AS named
         FROM businesses b WHERE b.id = (SELECT business FROM given)`,
      values: [businessId, sale.locationID, ids],
    });
    const draws = [];
    for (const [index, line] of sale.lines.entries()) {
      let left = 5;
      const fifo = read.batches
        .filter((b) => b.item_id === line.itemID && Number(b.remaining) > 0)
        .sort((a, b) => Date.parse(a.date_added) - Date.parse(b.date_added) || Date.parse(a.created_at) - Date.parse(b.created_at) || (a.id < b.id ? -1 : 1));
      for (const batch of fifo) {
        if (left === 0) break;
        const take = Math.min(left, Number(batch.remaining));
        draws.push({ line: index + 1, position: draws.filter((d) => d.line === index + 1).length, batchId: batch.id, quantity: take, cost: batch.cost });
        left -= take;
      }
      // (The API then plans again with every batch locked; this bench's batches are never short.)
      if (left > 0) throw new Error('out of stock');
    }
    const total = sale.lines.reduce((sum, line) => sum + 5 * Number(line.price), 0);
    const cost = draws.reduce((sum, draw) => sum + draw.quantity * Number(draw.cost), 0);
    const moved = [...new Set(draws.map((d) => d.batchId))].sort();
    const { rows: [invoice] } = await client.query({ name: 'raw-sale-rows', text: `WITH invoice AS (
         INSERT INTO invoices (business_id, location_id, invoice_number, user_id, payment_method, paid_amount, link, total_amount, total_discount, total_quantity,
                               total_cost, grand_total, outstanding, net_result, settled, credit, prices_include_tax, total_tax)
         VALUES ($1, $2, -(txid_current() % 2147483647)::int - 1, $3, 'Cash', $4, $5, $4, 0, 15, $6, $4, 0, $4::numeric - $6::numeric, true, false, false, 0)
         RETURNING id, business_id, location_id, invoice_number, customer_id, user_id, payment_method, payment_due_date, paid_amount::text, link,
                   total_amount::text, total_discount::text, total_quantity::text, total_cost::text, grand_total::text, outstanding::text, net_result::text,
                   prices_include_tax, total_tax::text, settled, credit, refunded, created_at, updated_at, deleted_at, deleted_by
       ), lines AS (
         INSERT INTO invoice_lines (invoice_id, position, item_id, item_name, variant_name, simple_item, quantity, price, discount, stock_valuation_method, tax_rate)
         SELECT invoice.id, l.ord, l.item_id, i.item_name, i.variant_name, i.simple_item, 5, l.price, 0, 'FIFO', 0
           FROM invoice CROSS JOIN unnest($7::uuid[], $8::numeric[]) WITH ORDINALITY AS l(item_id, price, ord) JOIN items i ON i.id = l.item_id
          ORDER BY l.ord
         RETURNING id, invoice_id, position, item_id, item_name, variant_name, simple_item, quantity::text, refunded_quantity::text, price::text, discount::text,
                   tax_rate_id, tax_name, tax_rate::text, stock_valuation_method
       ), drawn AS (
         INSERT INTO invoice_line_draws (line_id, position, batch_id, quantity, unit_cost)
         SELECT lines.id, d.position, d.batch_id, d.quantity, d.unit_cost
           FROM unnest($9::int[], $10::int[], $11::uuid[], $12::numeric[], $13::numeric[]) AS d(line_number, position, batch_id, quantity, unit_cost)
           JOIN lines ON lines.position = d.line_number
         RETURNING line_id, position, batch_id, quantity::text, unit_cost::text, returned::text
       ), paid AS (
         INSERT INTO invoice_payments (invoice_id, user_id, amount, payment_method, date, at_sale, position) SELECT invoice.id, $3, $4, 'Cash', now(), true, 1 FROM invoice
         RETURNING id, invoice_id, amount::text, payment_method, date, at_sale, tendered::text, (tendered - amount)::text AS change, user_id, created_at, position
       ), moved AS (
         UPDATE batches b SET quantity_sold = b.quantity_sold + m.quantity, updated_at = now()
           FROM unnest($14::uuid[], $15::numeric[]) AS m(id, quantity) WHERE b.id = m.id AND b.business_id = $1 RETURNING b.id
       )
       SELECT invoice.*, (SELECT count(*) FROM moved)::int AS moved,
              (SELECT json_agg(x ORDER BY x.position) FROM (
                 SELECT lines.*, (SELECT coalesce(json_agg(d ORDER BY d.position), '[]') FROM drawn d WHERE d.line_id = lines.id) AS draws FROM lines) x) AS lines,
              (SELECT coalesce(json_agg(paid ORDER BY paid.position), '[]') FROM paid) AS payments
         FROM invoice`,
      values: [
        businessId, sale.locationID, userId, total, randomBytes(32).toString('base64url'), cost,
        ids, sale.lines.map((line) => line.price),
        draws.map((d) => d.line), draws.map((d) => d.position), draws.map((d) => d.batchId), draws.map((d) => d.quantity), draws.map((d) => d.cost),
        moved, moved.map((id) => draws.filter((d) => d.batchId === id).reduce((sum, d) => sum + d.quantity, 0)),
      ],
    });
    await client.query({ name: 'raw-sale-ledger-number-and-entry', text: `WITH place AS (
         UPDATE locations SET current_balance = current_balance + $5::numeric WHERE id = $2 AND business_id = $1 RETURNING current_balance - $5::numeric AS start),
       written AS (
         INSERT INTO transactions (business_id, location_id, user_id, invoice_id, transaction_type, amount, balance, payment_method)
         SELECT $1, $2, $3, $4, 'Sale', $5, place.start + $5::numeric, 'Cash' FROM place RETURNING id),
       next AS (
         INSERT INTO invoice_counters (business_id, last_number) SELECT $1, 1 FROM place
         ON CONFLICT (business_id) DO UPDATE SET last_number = invoice_counters.last_number + 1 RETURNING last_number),
       numbered AS (UPDATE invoices SET invoice_number = next.last_number FROM next WHERE invoices.id = $4 RETURNING invoices.invoice_number),
       entry AS (
         INSERT INTO activities (business_id, user_id, location_ids, action, entity, description)
         SELECT $1, $3, ARRAY[$2::uuid], 'Created', 'Invoice', 'Created invoice #' || numbered.invoice_number || ' at ' || $6 FROM numbered)
       SELECT invoice_number FROM numbered`,
      values: [businessId, sale.locationID, userId, invoice.id, total, read.location.name],
    });
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK');
    if (error.message !== 'out of stock') throw error;
    return false;
  }
}
