import { DataSource } from 'typeorm';
import { registerBusiness, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Idempotency-Key on every write that creates something (issue 23, rule 5): a retry with the same
 * key answers the first answer again and writes nothing twice, concurrent retries write once, and
 * the key sent with another request is refused 409, against real PostgreSQL.
 */
describe('Idempotency-Key on every create (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;
  let owner: Caller & { locationId: string };
  let branch: string;
  let tea: string;
  let invoice: { _id: string; items: { _id: string }[] };

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000' });
    db = api.api.app.get(DataSource);
    owner = await registerBusiness(api);
    branch = (await owner.post('user/location', { name: 'Branch' })).json().location._id;
    tea = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item._id;
    await owner.post('user/inventory/add/batch', { itemID: tea, locationID: owner.locationId, quantity: '100', cost: '4' });
    invoice = (await owner.post('user/invoice', { locationID: owner.locationId, items: [{ itemID: tea, quantity: '5' }], paymentMethod: 'Cash', paidAmount: '0', paymentDueDate: '2030-01-01T00:00:00Z' })).json().invoice;
  });
  afterAll(async () => {
    await api?.close();
  });

  const send = (path: string, payload: object, key?: string) =>
    api.request({ method: 'POST', url: `/api/v1/${path}`, payload, headers: { cookie: owner.cookie, ...(key ? { 'idempotency-key': key } : {}) } });
  const count = async (sql: string) => (await db.query(sql, [owner.user.businessId]))[0].n as number;
  let serial = 0;
  const newKey = () => `key-${process.pid}-${++serial}`;

  const creates: [string, () => object, () => object, string][] = [
    ['user/invoice/add-payment', () => ({ invoiceID: invoice._id, amount: '1', paymentMethod: 'Cash' }), () => ({ invoiceID: invoice._id, amount: '2', paymentMethod: 'Cash' }), `SELECT count(*)::int AS n FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id WHERE i.business_id = $1`],
    ['user/invoice/refund', () => ({ invoiceID: invoice._id, items: [{ lineID: invoice.items[0]!._id, quantity: '0.1' }], amount: '0' }), () => ({ invoiceID: invoice._id, items: [{ lineID: invoice.items[0]!._id, quantity: '0.2' }], amount: '0' }), `SELECT count(*)::int AS n FROM credit_notes WHERE business_id = $1`],
    ['user/expense', () => ({ locationID: owner.locationId, category: 'Rent', amount: '5', date: '2026-11-01T00:00:00Z' }), () => ({ locationID: owner.locationId, category: 'Rent', amount: '6', date: '2026-11-01T00:00:00Z' }), `SELECT count(*)::int AS n FROM expenses WHERE business_id = $1`],
    ['user/transfer', () => ({ itemID: tea, sourceLocationID: owner.locationId, destinationLocationID: branch, transferQuantity: '1', transferCost: '0' }), () => ({ itemID: tea, sourceLocationID: owner.locationId, destinationLocationID: branch, transferQuantity: '2', transferCost: '0' }), `SELECT count(*)::int AS n FROM transfers WHERE business_id = $1`],
    ['user/customer', () => ({ firstName: 'Nimal' }), () => ({ firstName: 'Kamal' }), `SELECT count(*)::int AS n FROM customers WHERE business_id = $1`],
    ['user/admin/capital', () => ({ locationID: owner.locationId, amount: '50' }), () => ({ locationID: owner.locationId, amount: '60' }), `SELECT count(*)::int AS n FROM transactions WHERE business_id = $1 AND transaction_type = 'Capital'`],
    ['user/admin/withdrawal', () => ({ locationID: owner.locationId, amount: '1' }), () => ({ locationID: owner.locationId, amount: '2' }), `SELECT count(*)::int AS n FROM transactions WHERE business_id = $1 AND transaction_type = 'Withdrawal'`],
  ];

  it.each(creates)('%s: a retry answers the first answer and writes once; another request with the key is 409; no key writes each time', async (path, body, other, rows) => {
    const key = newKey();
    const before = await count(rows);
    const first = await send(path, body(), key);
    expect([path, first.statusCode]).toEqual([path, first.statusCode < 300 ? first.statusCode : 'a success']);
    const again = await send(path, body(), key);
    expect([again.statusCode, again.json()]).toEqual([first.statusCode, first.json()]);
    expect(await count(rows)).toBe(before + 1);

    const reused = await send(path, other(), key);
    expect([reused.statusCode, reused.json().code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await count(rows)).toBe(before + 1);

    // Five at once with one key: one write, five equal answers.
    const together = newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(path, body(), together)));
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([first.statusCode]));
    expect([...new Set(answers.map((answer) => answer.body))]).toHaveLength(1);
    expect(await count(rows)).toBe(before + 2);

    // Without a key, each request is its own write.
    expect((await send(path, body())).statusCode).toBe(first.statusCode);
    expect(await count(rows)).toBe(before + 3);
  });

  it('refuses a malformed key with 400, writing nothing', async () => {
    const before = await count(`SELECT count(*)::int AS n FROM expenses WHERE business_id = $1`);
    const body = { locationID: owner.locationId, category: 'Rent', amount: '5', date: '2026-11-01T00:00:00Z' };
    for (const key of ['x'.repeat(201), 'has space']) {
      const answer = await send('user/expense', body, key);
      expect([answer.statusCode, Object.keys(answer.json().fieldErrors)]).toEqual([400, ['Idempotency-Key']]);
    }
    expect(await count(`SELECT count(*)::int AS n FROM expenses WHERE business_id = $1`)).toBe(before);
  });
});
