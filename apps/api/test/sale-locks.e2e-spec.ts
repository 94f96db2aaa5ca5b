import { Client } from 'pg';
import { registerBusiness, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Sales at the physical limit (issue 25, rules 1 and 2): what every sale at a location or of a
 * business serialises on (the location's balances, the business's invoice counter, the report's
 * hour row) is taken in the sale's last statements, each in one round trip, so it is held for
 * about the commit alone, and the sale's transaction is a fixed, short list of statements.
 */
describe('a sale holds its shared locks only at its end (real PostgreSQL)', () => {
  let api: TestApi & { databaseUrl: string };
  let admin: Client;
  let owner: Caller & { locationId: string };
  let tea: string;
  let soap: string;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000' });
    admin = new Client({ connectionString: api.databaseUrl });
    await admin.connect();
    owner = await registerBusiness(api);
    tea = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item._id;
    soap = (await owner.post('user/inventory/add/simple/item', { itemName: 'Soap', price: '3' })).json().item._id;
    for (const [itemID, quantity, cost] of [[tea, '5', '4'], [tea, '50', '5'], [soap, '50', '1']]) {
      await owner.post('user/inventory/add/batch', { itemID, locationID: owner.locationId, quantity, cost });
    }
  });
  afterAll(async () => {
    await admin?.end();
    await api?.close();
  });

  const sell = () =>
    owner.post('user/invoice', { locationID: owner.locationId, items: [{ itemID: tea, quantity: '6' }, { itemID: soap, quantity: '2' }], paymentMethod: 'Cash' });

  it('sends the sale as one short transaction whose last statement takes the location, then the counter, with the entry; its event after COMMIT', async () => {
    // The set-up's writes have sent their events (LIVE_COALESCE_MS, 5 ms, after their commits).
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Every statement sent to PostgreSQL, by connection, while one sale is made.
    const sent = new Map<object, string[]>();
    const original = Client.prototype.query as unknown as (...args: unknown[]) => unknown;
    const query = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      const first = args[0] as string | { text: string };
      const text = typeof first === 'string' ? first : first.text;
      sent.set(this, [...(sent.get(this) ?? []), text.replace(/\s+/g, ' ').trim()]);
      return original.apply(this, args) as never;
    });
    const notifies = () => [...sent.values()].flat().filter((text) => text.includes('pg_notify'));
    let answer;
    try {
      answer = await sell();
      // The sale's event goes out just after its COMMIT, with any others of those milliseconds.
      for (let waited = 0; notifies().length === 0 && waited < 2000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      query.mockRestore();
    }
    expect(answer.statusCode).toBe(201);
    const isRows = (text: string) => text.startsWith('WITH invoice AS ( INSERT INTO invoices');
    const sale = [...sent.values()].find((statements) => statements.some(isRows))!;
    // The transaction around the sale's rows (its connection may have run other work before or after).
    const rows = sale.findIndex(isRows);
    const transaction = sale.slice(sale.lastIndexOf('START TRANSACTION', rows), sale.indexOf('COMMIT', rows) + 1);
    // The last two: one statement that takes and moves the location's balances, then the counter
    // (from the location's row: always in that order) with the activity entry that names the
    // number; COMMIT.
    const last = transaction.slice(-2);
    expect(last[0]).toMatch(/^WITH place AS \( UPDATE locations SET current_balance .* next AS \( INSERT INTO invoice_counters .* SELECT \$1, 1 FROM place .* INSERT INTO activities/);
    expect(last[1]).toBe('COMMIT');
    // Its event is no part of it (a NOTIFY would take PostgreSQL's notification lock at COMMIT,
    // serialising every business's commits): one statement of NOTIFYs after it (issue 25, rule 4).
    expect(transaction.filter((text) => text.includes('pg_notify'))).toEqual([]);
    expect(notifies()).toEqual(['SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload']);
    // Nothing before them locks the location or takes the number; the report's row is a deferred trigger's, at COMMIT.
    const before = transaction.slice(0, -2);
    expect(before.filter((text) => /(FROM|UPDATE) locations .*FOR (NO KEY )?UPDATE|UPDATE locations|invoice_counters|report_sales_hours/.test(text))).toEqual([]);
    // Few round trips (rule 2): for a sale paid at once, these five.
    expect(transaction.map((text) => text.split(' ').slice(0, 3).join(' '))).toEqual([
      'START TRANSACTION',
      'WITH given AS', // the items sold, their batches there locked, the location, the business's settings and tax rates
      'WITH invoice AS', // the invoice, lines, draws, payments and batches moved
      'WITH place AS', // the ledger, the number and the activity entry
      'COMMIT',
    ]);
    // Once committed, nothing of it is read: the answer comes from the sale's own statements.
    const readBack = [...sent.values()].flat().filter((text) => !transaction.includes(text) && /invoice/.test(text) && !text.includes('pg_notify'));
    expect(readBack).toEqual([]);
    expect(answer.json().invoice).toMatchObject({ grandTotal: '66.0000', items: [{ quantity: '6.000' }, { quantity: '2.000' }] });
  });

  /** A new item with three batches of 2 at the owner's location, oldest first; their ids in that order. */
  async function threeBatches(itemName: string): Promise<{ itemID: string; batches: string[] }> {
    const itemID = (await owner.post('user/inventory/add/simple/item', { itemName, price: '10' })).json().item._id as string;
    for (const day of ['2026-01-01', '2026-01-02', '2026-01-03']) {
      expect((await owner.post('user/inventory/add/batch', { itemID, locationID: owner.locationId, quantity: '2', cost: '1', dateAdded: `${day}T10:00:00.000Z` })).statusCode).toBe(201);
    }
    const batches = (await admin.query(`SELECT id FROM batches WHERE item_id = $1 ORDER BY date_added`, [itemID])).rows.map((row: { id: string }) => row.id);
    return { itemID, batches };
  }
  const drawn = (answer: { json: () => { invoice: { items: { batch: { batchID: string; quantity: string }[] }[] } } }) =>
    answer.json().invoice.items[0]!.batch.map((draw) => [draw.batchID, draw.quantity]);

  it('locks only the batches a FIFO line draws from: a sale of 3 goes ahead while another transaction holds the newest batch', async () => {
    const { itemID, batches } = await threeBatches('Rice');
    await admin.query('BEGIN');
    try {
      await admin.query(`SELECT 1 FROM batches WHERE id = $1 FOR UPDATE`, [batches[2]]);
      // Locking every batch of the item, the sale would wait here until the holder ends.
      const answer = await Promise.race([
        owner.post('user/invoice', { locationID: owner.locationId, items: [{ itemID, quantity: '3' }], paymentMethod: 'Cash' }),
        new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 5000)),
      ]);
      expect(answer === 'waiting' ? answer : answer.statusCode).toBe(201);
      if (answer !== 'waiting') expect(drawn(answer)).toEqual([[batches[0], '2.000'], [batches[1], '1.000']]);
    } finally {
      await admin.query('ROLLBACK');
    }
  });

  it('plans again with every batch locked when another sale took from the ones it locked before it could', async () => {
    const { itemID, batches } = await threeBatches('Salt');
    // Another sale empties the oldest batch and has not committed yet.
    await admin.query('BEGIN');
    await admin.query(`UPDATE batches SET quantity_sold = quantity WHERE id = $1`, [batches[0]]);
    // This sale's snapshot still sees it full: it locks the two oldest (2 + 2 cover 3) and waits on the first.
    const pending = owner.post('user/invoice', { locationID: owner.locationId, items: [{ itemID, quantity: '3' }], paymentMethod: 'Cash' });
    const waiting = async () => Number((await admin.query(`SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)).rows[0].count);
    for (let waited = 0; (await waiting()) === 0 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await admin.query('COMMIT');
    // Once locked, the oldest is empty and the second alone holds 2 of the 3: planned again with every batch locked.
    const answer = await pending;
    expect(answer.statusCode).toBe(201);
    expect(drawn(answer)).toEqual([[batches[1], '2.000'], [batches[2], '1.000']]);
  });

  it("does not lock the report's hour row at the invoice's insert, only at COMMIT", async () => {
    expect((await sell()).statusCode).toBe(201);
    // The business's hour rows summed, beside its committed invoices summed.
    const sums = async () =>
      (await admin.query(
        `SELECT (SELECT sum(invoices)::int FROM report_sales_hours WHERE business_id = $1) AS counted, (SELECT sum(revenue)::text FROM report_sales_hours WHERE business_id = $1) AS revenue,
                (SELECT count(*)::int FROM invoices WHERE business_id = $1) AS invoices, (SELECT sum(grand_total)::text FROM invoices WHERE business_id = $1) AS sold`,
        [owner.user.businessId],
      )).rows[0];
    const before = await sums();
    expect(before.counted).toBe(before.invoices);
    // A second sale's invoice, written as a sale writes it (a copy of the last one, another number).
    const writer = new Client({ connectionString: api.databaseUrl });
    await writer.connect();
    try {
      await writer.query('BEGIN');
      await writer.query(
        `INSERT INTO invoices (business_id, location_id, invoice_number, user_id, payment_method, paid_amount, link, total_amount, total_discount, total_quantity,
                               total_cost, grand_total, outstanding, net_result, settled, credit, prices_include_tax, total_tax)
         SELECT business_id, location_id, -1, user_id, payment_method, paid_amount, md5(random()::text), total_amount, total_discount, total_quantity,
                total_cost, grand_total, outstanding, net_result, settled, credit, prices_include_tax, total_tax
           FROM invoices WHERE business_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [owner.user.businessId],
      );
      // Another sale's commit could take the hour row now: it is not held by this open sale.
      await admin.query('BEGIN');
      const locked = await admin.query(`SELECT 1 FROM report_sales_hours WHERE business_id = $1 FOR UPDATE NOWAIT`, [owner.user.businessId]);
      expect(locked.rowCount).toBe(1);
      await admin.query('ROLLBACK');
      expect(await sums()).toEqual(before);
      await writer.query('COMMIT');
    } finally {
      await writer.end();
    }
    // Counted at COMMIT, exactly.
    const after = await sums();
    expect(after.invoices).toBe(before.invoices + 1);
    expect([after.counted, after.revenue]).toEqual([after.invoices, after.sold]);
  });
});
