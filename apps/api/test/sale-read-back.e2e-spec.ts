import { Client } from 'pg';
import { registerBusiness } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * A committed sale is answered 201 even when reading it back fails at first (issue 23, rule 5).
 * For real: the API's sessions get a 150 ms statement timeout, and another session holds the
 * categories table locked for 300 ms, which a sale never touches but its read-back reads (the
 * categories of the items sold).
 */
describe('a committed sale whose read-back fails at first (real PostgreSQL)', () => {
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

  it('reads it again and answers 201 with the invoice, the sale made once', async () => {
    const owner = await registerBusiness(api);
    const tea = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item._id;
    await owner.post('user/inventory/add/batch', { itemID: tea, locationID: owner.locationId, quantity: '10', cost: '4' });
    // Every new session of the API times a statement out after 150 ms; its open ones are ended.
    await admin.query(`ALTER DATABASE "${database}" SET statement_timeout = '150ms'`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    for (let i = 0; i < 10 && (await api.request({ method: 'GET', url: '/api/v1/health' })).statusCode !== 200; i++);

    await admin.query('BEGIN');
    await admin.query('LOCK TABLE categories IN ACCESS EXCLUSIVE MODE');
    const sale = owner.post('user/invoice', { locationID: owner.locationId, items: [{ itemID: tea, quantity: '2' }], paymentMethod: 'Cash' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await admin.query('COMMIT');
    const answer = await sale;
    expect([answer.statusCode, answer.statusCode === 201 ? '' : answer.body]).toEqual([201, '']);
    expect(answer.json().invoice).toMatchObject({ grandTotal: '20.0000', items: [{ quantity: '2.000' }] });
    const made = await admin.query('SELECT count(*)::int AS n FROM invoices WHERE business_id = $1', [owner.user.businessId]);
    expect(made.rows[0].n).toBe(1);
  });
});
