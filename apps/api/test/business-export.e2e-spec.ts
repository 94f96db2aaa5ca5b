import { gunzipSync } from 'node:zlib';
import { addStaff, registerBusiness } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/** A business's own export (issue 23, rule 7): all its data in one archive, nothing of another's, no secrets. */
describe('a business exports all its data (real PostgreSQL)', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000' });
  });
  afterAll(async () => {
    await api?.close();
  });

  const shop = async (name: string) => {
    const owner = await registerBusiness(api, { businessName: name });
    const item = (await owner.post('user/inventory/add/simple/item', { itemName: `${name} Tea`, price: '10' })).json().item;
    await owner.post('user/inventory/add/batch', { itemID: item._id, locationID: owner.locationId, quantity: '10', cost: '4' });
    const customer = (await owner.post('user/customer', { firstName: `${name} Customer` })).json().customer;
    const invoice = (await owner.post('user/invoice', { locationID: owner.locationId, customer: customer._id, items: [{ itemID: item._id, quantity: '3' }], paymentMethod: 'Cash' })).json().invoice;
    await owner.post('user/invoice/refund', { invoiceID: invoice._id, items: [{ lineID: invoice.items[0]._id, quantity: '1' }] });
    return { owner, item, customer, invoice };
  };

  it("gives an administrator every row of the business, through its links too, and nothing of another business's or a password hash", async () => {
    const mine = await shop('Harbour');
    const theirs = await shop('Market');
    const answer = await api.request({ method: 'GET', url: '/api/v1/user/business/export', headers: { cookie: mine.owner.cookie } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/gzip');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="stockbook-harbour-\d{4}-\d\d-\d\d\.jsonl\.gz"$/);
    const text = gunzipSync(answer.rawPayload).toString();
    const lines = text.trim().split('\n');
    const header = JSON.parse(lines[0]!);
    expect(header).toMatchObject({ format: 'stockbook-business-export', version: 1, businessId: mine.owner.user.businessId });
    const rows = new Map<string, Record<string, unknown>[]>();
    let table = '';
    for (const line of lines.slice(1)) {
      if (line.startsWith('#')) rows.set((table = JSON.parse(line.slice(1)).table), []);
      else rows.get(table)!.push(JSON.parse(line));
    }
    // Its own rows, those with business_id and those found through links (lines, their draws, credit note lines).
    expect(rows.get('businesses')!.map((row) => row.id)).toEqual([mine.owner.user.businessId]);
    expect(rows.get('items')!.map((row) => row.id)).toContain(mine.item._id);
    expect(rows.get('customers')!.map((row) => row.id)).toEqual([mine.customer._id]);
    expect(rows.get('invoices')!.map((row) => row.id)).toEqual([mine.invoice._id]);
    expect(rows.get('invoice_lines')).toHaveLength(1);
    expect(rows.get('invoice_line_draws')).toHaveLength(1);
    expect(rows.get('credit_notes')).toHaveLength(1);
    expect(rows.get('credit_note_lines')).toHaveLength(1);
    expect(rows.get('transactions')!.length).toBeGreaterThanOrEqual(2);
    // Nothing of the other business, no secrets, none of the product's workings.
    for (const id of [theirs.owner.user.businessId, theirs.item._id, theirs.customer._id, theirs.invoice._id]) expect(text).not.toContain(id);
    expect(text).not.toMatch(/password_hash|\$argon2/);
    for (const internal of ['sessions', 'rate_limits', 'idempotency_keys', 'password_reset_tokens', 'schema_migrations']) expect(rows.has(internal)).toBe(false);
    // Money exactly as stored.
    expect(rows.get('invoices')![0]).toMatchObject({ grand_total: 20, refunded_grand_total: 10 });
    expect(text).toContain('"grand_total":20.0000');
  });

  it('is for administrators: 401 without a session, 403 for staff', async () => {
    const { owner } = await shop('Quay');
    expect((await api.request({ method: 'GET', url: '/api/v1/user/business/export' })).statusCode).toBe(401);
    const staff = await addStaff(api, owner, [{ action: ['view:invoice', 'view:item'], locations: [] }]);
    expect((await api.request({ method: 'GET', url: '/api/v1/user/business/export', headers: { cookie: staff.cookie } })).statusCode).toBe(403);
  });
});
