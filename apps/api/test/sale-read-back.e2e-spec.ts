import { Client } from 'pg';
import { registerBusiness } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * A committed sale is answered 201 whatever happens after its commit (issue 23, rule 5), because
 * it answers from its own statements and reads nothing once committed (issue 25, rule 2: one
 * round trip fewer). For real: the API's sessions get a 150 ms statement timeout, and another
 * session holds the credit notes table locked for 2.5 s, which a sale never touches but a read of
 * an invoice does (its credit notes). A read-back after the commit would fail for longer than any
 * retry of it (it gave up after 1.5 s with 503).
 */
describe('a committed sale is answered without reading it back (real PostgreSQL)', () => {
  let api: TestApi & { databaseUrl: string };
  let admin: Client;
  let database: string;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000' });
    admin = new Client({ connectionString: api.databaseUrl });
    await admin.connect();
    database = (await admin.query('SELECT current_database() AS name')).rows[0].name;
  });
  afterAll(async () => {
    await admin?.query(`ALTER DATABASE "${database}" RESET statement_timeout`).catch(() => undefined);
    await admin?.end();
    await api?.close();
  });

  it('answers 201 with the invoice while an invoice read would time out, the sale made once and its answer the invoice as read later', async () => {
    const owner = await registerBusiness(api);
    const tea = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item._id;
    await owner.post('user/inventory/add/batch', { itemID: tea, locationID: owner.locationId, quantity: '10', cost: '4' });
    // Every new session of the API times a statement out after 150 ms; its open ones are ended.
    await admin.query(`ALTER DATABASE "${database}" SET statement_timeout = '150ms'`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    for (let i = 0; i < 10 && (await api.request({ method: 'GET', url: '/api/v1/health' })).statusCode !== 200; i++);

    await admin.query('BEGIN');
    await admin.query('LOCK TABLE credit_notes IN ACCESS EXCLUSIVE MODE');
    const body = { locationID: owner.locationId, items: [{ itemID: tea, quantity: '2' }], paymentMethod: 'Cash' };
    const sell = () => api.request({ method: 'POST', url: '/api/v1/user/invoice', payload: body, headers: { cookie: owner.cookie, 'idempotency-key': 'read-back-sale' } });
    const started = Date.now();
    const answer = await sell();
    const whileLocked = answer.statusCode === 201 ? await owner.get(`user/invoice/${answer.json().invoice._id}`) : null;
    await new Promise((resolve) => setTimeout(resolve, 2500 - (Date.now() - started)));
    await admin.query('COMMIT');
    expect([answer.statusCode, answer.statusCode === 201 ? '' : answer.body]).toEqual([201, '']);
    expect(whileLocked!.statusCode).toBeGreaterThanOrEqual(500); // the lock does stop a read of the invoice
    const invoice = answer.json().invoice;
    expect(invoice).toMatchObject({ invoiceNumber: 1, grandTotal: '20.0000', items: [{ quantity: '2.000' }] });
    const made = await admin.query('SELECT count(*)::int AS n FROM invoices WHERE business_id = $1', [owner.user.businessId]);
    expect(made.rows[0].n).toBe(1);

    await admin.query(`ALTER DATABASE "${database}" RESET statement_timeout`);
    expect((await owner.get(`user/invoice/${invoice._id}`)).json().invoice).toEqual(invoice);
    const retried = await sell();
    expect([retried.statusCode, retried.json().invoice]).toEqual([201, invoice]);
  });
});
