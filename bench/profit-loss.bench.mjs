// Profit and loss over a year of sales (issue 15): seeds 1 million invoice lines (3 per invoice, so
// 333,334 invoices, 1 in 20 cancelled) spread over the last 365 days and 5 locations, with their
// Sale transactions, credit notes on 1 live invoice in 10 (a week later), 7,300 expenses and 365
// transfer costs, into a throwaway database; then times
// GET user/report/profit-loss for the year, the last 30 days and one day, one call at a time, and
// prints p50 and p95 of each. Aim: p95 <= 200 ms for the year; a miss is reported, not an error.
// The report reads invoices (which carry their totals and cost), never their lines or draws, so the
// lines are seeded without batch draws. Builds first unless BENCH_NO_BUILD=1; BENCH_KEEP=1 keeps
// the API and database up afterwards (for EXPLAIN).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { build, startApi, stopApi, waitHealthy } from './support/product-server.mjs';

const PORT = Number(process.env.BENCH_PROFIT_LOSS_PORT ?? 3193);
const POSTGRES_PORT = 25498;
const BASE = `http://127.0.0.1:${PORT}`;
const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const LINES_PER_INVOICE = 3;
const INVOICES = Math.ceil(LINES / LINES_PER_INVOICE);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const TIME_ZONE = 'Asia/Colombo';
const AIM_P95_MS = 200;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** GETs a URL with the session cookie; resolves with the status and body. */
const get = (url, cookie) =>
  new Promise((resolve) => {
    const request = http.get(url, { agent, headers: { cookie }, timeout: 60_000 }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, body }));
      response.on('error', () => resolve({ status: 0, body }));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve({ status: 0, body: '' }));
  });

const percentile = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]; };

async function register() {
  const response = await fetch(`${BASE}/api/v1/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ businessName: 'Bench Books', currency: 'LKR', inventoryValuationMethod: 'FIFO', firstName: 'Bench', lastName: 'Owner',
      username: 'bench_owner', email: 'bench@example.com', password: 'bench bench bench' }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('stockbook_session='))?.split(';')[0];
  const { user } = await response.json();
  return { cookie, businessId: user.businessId, userId: user._id };
}

/**
 * Seeds in SQL with generate_series. Invoice n sells 3 lines (quantity 1 + (n + p) % 3 at price
 * 1 + (7n + p) % 50, cost 60% of the price) at location 1 + n % 5, dated evenly over the last year.
 */
async function seed(client, businessId, userId) {
  const started = Date.now();
  await client.query(`INSERT INTO locations (business_id, name) SELECT $1, 'Store ' || n FROM generate_series(2, 5) n`, [businessId]);
  await client.query(`INSERT INTO items (business_id, item_name, simple_item, price) SELECT $1, 'Item ' || n, true, 1 + n % 50 FROM generate_series(1, 200) n`, [businessId]);
  const places = `places AS (SELECT id, row_number() OVER (ORDER BY created_at, id) AS k FROM locations WHERE business_id = $1)`;
  await client.query(
    `WITH ${places}
     INSERT INTO invoices (business_id, location_id, invoice_number, user_id, payment_method, paid_amount, total_amount, total_discount, total_quantity,
                           total_cost, grand_total, outstanding, net_result, settled, credit, created_at, deleted_at, deleted_by)
     SELECT $1, places.id, n, $2, 'Cash', t.total, t.total, 0, t.quantity, t.cost, t.total, 0, t.total - t.cost, true, false,
            now() - interval '365 days' + (n::float8 / $3) * interval '365 days',
            CASE WHEN n % 20 = 0 THEN now() END, CASE WHEN n % 20 = 0 THEN $2::uuid END
       FROM generate_series(1, $3) n
       JOIN places ON places.k = 1 + n % 5
      CROSS JOIN LATERAL (
        SELECT sum(q * price) AS total, sum(q) AS quantity, sum(q * price * 0.6) AS cost
          FROM (SELECT 1 + (n + p) % 3 AS q, 1 + (n * 7 + p) % 50 AS price FROM generate_series(1, ${LINES_PER_INVOICE}) p) lines) t`,
    [businessId, userId, INVOICES],
  );
  await client.query(`INSERT INTO invoice_counters (business_id, last_number) VALUES ($1, $2)`, [businessId, INVOICES]);
  await client.query(
    `WITH stock AS (SELECT id, item_name, row_number() OVER (ORDER BY id) AS n FROM items WHERE business_id = $1)
     INSERT INTO invoice_lines (invoice_id, position, item_id, item_name, simple_item, quantity, price, discount, stock_valuation_method)
     SELECT i.id, p, stock.id, stock.item_name, true, 1 + (i.invoice_number + p) % 3, 1 + (i.invoice_number * 7 + p) % 50, 0, 'FIFO'
       FROM invoices i CROSS JOIN generate_series(1, ${LINES_PER_INVOICE}) p
       JOIN stock ON stock.n = 1 + (i.invoice_number * 3 + p) % 200
      WHERE i.business_id = $1`,
    [businessId],
  );
  // The money book: each sale's Sale transaction (the running balance is not what is measured here).
  await client.query(
    `INSERT INTO transactions (business_id, location_id, user_id, invoice_id, transaction_type, amount, balance, created_at)
     SELECT business_id, location_id, user_id, id, 'Sale', grand_total, grand_total, created_at FROM invoices WHERE business_id = $1`,
    [businessId],
  );
  // Credit notes (issue 22): 1 live invoice in 10 gives back its first line a week later (or today at the latest);
  // the invoice keeps what it sold (net + refunded) and each counts on its own day.
  await client.query(
    `WITH refunded AS (
       SELECT i.id, i.business_id, i.location_id, i.invoice_number, least(i.created_at + interval '7 days', now()) AS at, l.id AS line_id, l.quantity, l.quantity * l.price AS value
         FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id AND l.position = 1
        WHERE i.business_id = $1 AND i.deleted_at IS NULL AND i.invoice_number % 10 = 3
     ), notes AS (
       INSERT INTO credit_notes (business_id, location_id, invoice_id, credit_note_number, user_id, total_amount, total_discount, total_quantity, total_tax,
                                 grand_total, total_cost, amount_paid_back, created_at)
       SELECT business_id, location_id, id, row_number() OVER (ORDER BY invoice_number), $2, value, 0, quantity, 0, value, value * 0.6, value, at FROM refunded
       RETURNING id, invoice_id, grand_total, total_cost, total_quantity
     ), lines AS (
       INSERT INTO credit_note_lines (credit_note_id, line_id, quantity, total, tax, cost)
       SELECT notes.id, refunded.line_id, refunded.quantity, notes.grand_total, 0, notes.total_cost FROM notes JOIN refunded ON refunded.id = notes.invoice_id
     )
     UPDATE invoices i SET grand_total = i.grand_total - notes.grand_total, total_amount = i.total_amount - notes.grand_total, total_cost = i.total_cost - notes.total_cost,
                           total_quantity = i.total_quantity - notes.total_quantity, paid_amount = i.paid_amount - notes.grand_total,
                           refunded_grand_total = notes.grand_total, refunded_total_cost = notes.total_cost
       FROM notes WHERE i.id = notes.invoice_id`,
    [businessId, userId],
  );
  await client.query(`INSERT INTO credit_note_counters (business_id, last_number) SELECT $1, count(*) FROM credit_notes WHERE business_id = $1`, [businessId]);
  const categories = `array['Salary','Tax','Rent','Utilities','Office Supplies','Travel','Meals','Entertainment','Other']`;
  await client.query(
    `WITH ${places}
     INSERT INTO expenses (business_id, location_id, user_id, amount, category, date, cancelled_at)
     SELECT $1, places.id, $2, 5 + n % 200, (${categories})[1 + n % 9], now() - interval '365 days' + (n::float8 / 7300) * interval '365 days',
            CASE WHEN n % 25 = 0 THEN now() END
       FROM generate_series(1, 7300) n JOIN places ON places.k = 1 + n % 5`,
    [businessId, userId],
  );
  await client.query(
    `WITH ${places}
     INSERT INTO transactions (business_id, location_id, user_id, transaction_type, amount, balance, created_at)
     SELECT $1, places.id, $2, 'Transfer', -(1 + n % 30), 0, now() - interval '365 days' + (n::float8 / 365) * interval '365 days'
       FROM generate_series(1, 365) n JOIN places ON places.k = 1 + n % 5`,
    [businessId, userId],
  );
  const count = async (sql) => (await client.query(sql, [businessId])).rows[0].n;
  const invoices = await count(`SELECT count(*)::int AS n FROM invoices WHERE business_id = $1`);
  const lines = await count(`SELECT count(*)::int AS n FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id WHERE i.business_id = $1`);
  const notes = await count(`SELECT count(*)::int AS n FROM credit_notes WHERE business_id = $1`);
  console.log(`seeded ${lines} invoice lines on ${invoices} invoices over 365 days and 5 locations, ${notes} credit notes, their Sale transactions, 7300 expenses and 365 transfer costs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Whole local days in Asia/Colombo (+05:30, no summer time), ending yesterday: the last 365, the last 30, and yesterday. */
function ranges() {
  const day = 86_400_000;
  const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
  const startOf = (daysBack) => new Date(Date.parse(`${today}T00:00:00+05:30`) - daysBack * day).toISOString();
  const endOfYesterday = new Date(Date.parse(`${today}T00:00:00+05:30`) - 1).toISOString();
  return [
    { name: 'year', startDate: startOf(365), endDate: endOfYesterday },
    { name: 'month', startDate: startOf(30), endDate: endOfYesterday },
    { name: 'day', startDate: startOf(1), endDate: endOfYesterday },
  ];
}

export default async function profitLoss() {
  if (process.env.BENCH_NO_BUILD !== '1') build();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stockbook-bench-profit-loss-'));
  const api = startApi({ dataDir, port: PORT, postgresPort: POSTGRES_PORT, env: { RATE_LIMIT_API_PER_MINUTE: '100000000' } });
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${POSTGRES_PORT}/stockbook` });
  try {
    await waitHealthy(api, BASE);
    const { cookie, businessId, userId } = await register();
    await client.connect();
    await seed(client, businessId, userId);
    // Bulk seeding leaves the visibility map unset; a running database's autovacuum sets it.
    await client.query('VACUUM ANALYZE');

    let met = true;
    for (const range of ranges()) {
      const url = `${BASE}/api/v1/user/report/profit-loss?${new URLSearchParams({ startDate: range.startDate, endDate: range.endDate, timeZone: TIME_ZONE })}`;
      // Warm up: V8 compiled, each pooled connection's statements planned.
      for (let i = 0; i < 5; i++) await get(url, cookie);
      const timings = [];
      let failures = 0;
      let last;
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        last = await get(url, cookie);
        timings.push(performance.now() - t0);
        if (last.status !== 200) failures += 1;
      }
      const report = last.status === 200 ? JSON.parse(last.body).report : null;
      const p95 = percentile(timings, 95);
      if (range.name === 'year' && p95 > AIM_P95_MS) met = false;
      console.log(
        `profit and loss, ${range.name.padEnd(5)} (${report?.incomeExpense.length ?? '?'} days): p50 ${percentile(timings, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms` +
          `  (${REQUESTS} calls, ${failures} failed; revenue ${report?.revenue}, net profit ${report?.netProfit})`,
      );
    }
    console.log(`aim: year p95 <= ${AIM_P95_MS} ms -> ${met ? 'met' : 'NOT met'}`);
    if (process.env.BENCH_KEEP === '1') {
      console.log(`kept: API at ${BASE} (cookie ${cookie}), database postgres://postgres:postgres@127.0.0.1:${POSTGRES_PORT}/stockbook; stop with Ctrl-C`);
      await new Promise((resolve) => ['SIGINT', 'SIGTERM'].forEach((signal) => process.once(signal, resolve)));
    }
  } finally {
    agent.destroy();
    await client.end().catch(() => undefined);
    await stopApi(api);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
