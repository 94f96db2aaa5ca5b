// Sales under load (issue 14): invoices of 3 lines, each line drawn FIFO from several small
// batches, over 5 locations, made by 16 concurrent clients through POST user/invoice; beside it, in
// the same run, the same statements sent raw through `pg` by 16 clients (lock the batches in id
// order, write the invoice, lines and draws, move the batches, post the ledger under the
// location's lock, take the next number, write the activity entry and the NOTIFY), so the API's own
// cost shows. Prints invoices per second, p50 and p95 of each. Aim: the API at least 60% of the
// raw figure and p95 <= 50 ms on this machine; a miss is reported, not an error.
// Builds first unless BENCH_NO_BUILD=1.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cardsBuilt } from './support/item-cards.mjs';
import { build, startApi, stopApi, waitHealthy } from './support/product-server.mjs';

const PORT = Number(process.env.BENCH_SALES_PORT ?? 3193);
const POSTGRES_PORT = 54398;
const BASE = `http://127.0.0.1:${PORT}`;
const CLIENTS = 16;
const INVOICES = Number(process.env.BENCH_INVOICES ?? 1200);
const ITEMS = 2000;
/** Per item and location: small batches, so a line of 5 draws from three of them. */
const BATCHES_PER_PLACE = 40;
const AIM_P95_MS = 50;
const AIM_SHARE = 0.6;

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
const post = (url, cookie, body) =>
  new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const request = http.request(url, { method: 'POST', agent, timeout: 30_000, headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode));
      response.on('error', () => resolve(0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
    request.end(payload);
  });

const percentile = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]; };

async function register() {
  const response = await fetch(`${BASE}/api/v1/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ businessName: 'Bench Sales', currency: 'LKR', inventoryValuationMethod: 'FIFO', firstName: 'Bench', lastName: 'Owner',
      username: 'bench_sales', email: 'bench.sales@example.com', password: 'bench bench bench' }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('stockbook_session='))?.split(';')[0];
  const { user } = await response.json();
  return { cookie, businessId: user.businessId, userId: user._id };
}

/** ITEMS simple items, each with BATCHES_PER_PLACE batches of 2 at each of 5 locations. */
async function seed(client, businessId) {
  const started = Date.now();
  await client.query(`INSERT INTO locations (business_id, name) SELECT $1, 'Store ' || n FROM generate_series(2, 5) n`, [businessId]);
  await client.query(`INSERT INTO items (business_id, item_name, simple_item, price) SELECT $1, 'Item ' || n, true, 10 + n % 50 FROM generate_series(1, $2) n`, [businessId, ITEMS]);
  await client.query(
    `INSERT INTO batches (business_id, item_id, location_id, quantity, cost, date_added)
     SELECT $1, i.id, l.id, 2, 1 + b % 7, now() - (b || ' hours')::interval
       FROM items i CROSS JOIN locations l CROSS JOIN generate_series(1, $2) b WHERE i.business_id = $1 AND l.business_id = $1`,
    [businessId, BATCHES_PER_PLACE],
  );
  await client.query('VACUUM ANALYZE');
  console.log(`seeded ${ITEMS} items with ${ITEMS * 5 * BATCHES_PER_PLACE} batches over 5 locations in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The sales to make: a location and 3 distinct items, 5 of each (every line draws from 3 batches). */
function sales(locations, items, count, seed) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const k = (i * 7919 + seed) % items.length;
    const picked = [items[k], items[(k + 613) % items.length], items[(k + 1229) % items.length]];
    out.push({ locationID: locations[(i + seed) % locations.length], lines: picked.map((item) => ({ itemID: item.id, price: item.price })) });
  }
  return out;
}

/** One sale as raw statements in one transaction: what the API's sale does, without the API. */
async function rawSale(client, { businessId, userId }, sale) {
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
    const { rows: [place] } = await client.query(`SELECT current_balance FROM locations WHERE id = $1 FOR NO KEY UPDATE`, [sale.locationID]);
    const balance = Number(place.current_balance) + total;
    await client.query(`INSERT INTO transactions (business_id, location_id, user_id, invoice_id, transaction_type, amount, balance) VALUES ($1, $2, $3, $4, 'Sale', $5, $6)`, [
      businessId, sale.locationID, userId, invoice.id, total, balance,
    ]);
    await client.query(`UPDATE locations SET current_balance = $2 WHERE id = $1`, [sale.locationID, balance]);
    // As the API: the business's next number last, so the counter is held only to the commit.
    // Taken and written in one statement, as the API does.
    const { rows: [{ invoice_number: number }] } = await client.query(
      `WITH next AS (
         INSERT INTO invoice_counters (business_id, last_number) VALUES ($1, 1)
         ON CONFLICT (business_id) DO UPDATE SET last_number = invoice_counters.last_number + 1 RETURNING last_number)
       UPDATE invoices SET invoice_number = next.last_number FROM next WHERE invoices.id = $2 RETURNING invoices.invoice_number`,
      [businessId, invoice.id],
    );
    await client.query(`INSERT INTO activities (business_id, user_id, location_ids, action, entity, description) VALUES ($1, $2, $3, 'Created', 'Invoice', $4)`, [
      businessId, userId, [sale.locationID], `Created invoice #${number}`,
    ]);
    await client.query(`SELECT pg_notify('stockbook_live', $1)`, [JSON.stringify({ to: { businessId }, message: { event: 'invalidate', data: ['invoices', 'items'] } })]);
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK');
    if (error.message !== 'out of stock') throw error;
    return false;
  }
}

/** Runs `work` over the list with CLIENTS concurrent workers; timings in ms and failures. */
async function run(list, work) {
  const timings = [];
  let next = 0;
  let failures = 0;
  const started = Date.now();
  await Promise.all(Array.from({ length: CLIENTS }, async (_, worker) => {
    while (next < list.length) {
      const item = list[next++];
      const t0 = performance.now();
      const ok = await work(item, worker);
      timings.push(performance.now() - t0);
      if (!ok) failures += 1;
    }
  }));
  const seconds = (Date.now() - started) / 1000;
  return { perSecond: timings.length / seconds, p50: percentile(timings, 50), p95: percentile(timings, 95), failures, count: timings.length, seconds };
}

const show = (label, r) =>
  console.log(`${label.padEnd(5)} ${r.count} invoices from ${CLIENTS} clients in ${r.seconds.toFixed(1)} s: ${r.perSecond.toFixed(0)} invoices/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${r.failures} failed`);

export default async function salesBench() {
  if (process.env.BENCH_NO_BUILD !== '1') build();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stockbook-bench-sales-'));
  const api = startApi({ dataDir, port: PORT, postgresPort: POSTGRES_PORT, env: { RATE_LIMIT_API_PER_MINUTE: '100000000' } });
  const url = `postgres://postgres:postgres@127.0.0.1:${POSTGRES_PORT}/stockbook`;
  const admin = new pg.Client({ connectionString: url });
  const clients = [];
  try {
    await waitHealthy(api, BASE);
    const owner = await register();
    await admin.connect();
    await seed(admin, owner.businessId);
    // Measured from the state a running shop is in: every item card current (the seed left them stale).
    await cardsBuilt(admin);
    const locations = (await admin.query(`SELECT id FROM locations WHERE business_id = $1 ORDER BY created_at, id`, [owner.businessId])).rows.map((row) => row.id);
    const items = (await admin.query(`SELECT id, price::text FROM items WHERE business_id = $1 ORDER BY id`, [owner.businessId])).rows;
    const viaApi = (sale) => post(`${BASE}/api/v1/user/invoice`, owner.cookie, {
      locationID: sale.locationID,
      items: sale.lines.map((line) => ({ itemID: line.itemID, quantity: '5' })),
      paymentMethod: 'Cash',
    }).then((status) => status === 201);
    for (let i = 0; i < CLIENTS; i++) { const client = new pg.Client({ connectionString: url }); await client.connect(); clients.push(client); }
    const viaPg = (sale, worker) => rawSale(clients[worker], owner, sale);

    // Warm up both (V8, prepared plans), then measure each on its own sales of the same shape.
    await run(sales(locations, items, CLIENTS * 8, 1), viaApi);
    await run(sales(locations, items, CLIENTS * 8, 2), viaPg);
    const apiResult = await run(sales(locations, items, INVOICES, 3), viaApi);
    const rawResult = await run(sales(locations, items, INVOICES, 4), viaPg);
    show('API', apiResult);
    show('pg', rawResult);
    const share = apiResult.perSecond / rawResult.perSecond;
    console.log(`aim: API >= ${AIM_SHARE * 100}% of raw pg -> ${(share * 100).toFixed(0)}% ${share >= AIM_SHARE ? 'met' : 'NOT met'}; p95 <= ${AIM_P95_MS} ms -> ${apiResult.p95 <= AIM_P95_MS ? 'met' : 'NOT met'}`);
  } finally {
    agent.destroy();
    for (const client of clients) await client.end().catch(() => undefined);
    await admin.end().catch(() => undefined);
    await stopApi(api);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
