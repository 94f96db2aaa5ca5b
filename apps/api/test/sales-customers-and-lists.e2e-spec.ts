import { DataSource } from 'typeorm';
import type { LiveData } from '@stockbook/contracts';
import { addStaff, countRows, registerBusiness, type Caller } from './support/accounts';
import { listenToLive, nextInvalidate, type Heard } from './support/live-channel';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Sales against real PostgreSQL (issue 14): customers (create, update, soft delete, search), each
 * sales write's activity entry and `invalidate`, and the invoice lists (dated with its default day
 * and location filter, paginated, search).
 */
describe('sales: customers, activity and live events, invoice lists (real PostgreSQL)', () => {
  let api: TestApi & { databaseUrl: string };
  let db: DataSource;
  let owner: Caller & { locationId: string };
  let itemId: string;
  let heard: Heard[] = [];
  let stopListening: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_AUTH_PER_ADDRESS: '1000000' });
    db = api.api.app.get(DataSource);
    const live = await listenToLive(api.databaseUrl);
    heard = live.heard;
    stopListening = live.close;
    owner = await registerBusiness(api);
    itemId = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item._id;
    await owner.post('user/inventory/add/batch', { itemID: itemId, locationID: owner.locationId, quantity: '100', cost: '2' });
    // Let the set-up's own two events arrive first, so each test hears only its write's.
    const mine = () => heard.filter((one) => one.message.event === 'invalidate' && one.to.businessId === owner.user.businessId).length;
    for (const until = Date.now() + 5000; mine() < 2 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
  });
  afterAll(async () => {
    await stopListening?.();
    await api?.close();
  });

  const send = (caller: Caller | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown, query?: Record<string, string | string[]>) =>
    api.request({ method, url: `/api/v1/${path}`, query, payload: payload as object | undefined, headers: caller ? { cookie: caller.cookie } : {} });

  /** Runs a write; the kinds its `invalidate` named, the activity entries it added (entity, description), and its answer. */
  async function written(run: () => Promise<{ statusCode: number; body: string }>) {
    const entriesBefore = await countRows(db, 'SELECT 1 FROM activities WHERE business_id = $1', [owner.user.businessId]);
    const from = heard.length;
    const response = await run();
    expect([200, 201]).toContain(response.statusCode);
    const event = await nextInvalidate(heard, from, owner.user.businessId, response.body);
    const entries = (await db.query(`SELECT entity, description FROM activities WHERE business_id = $1 ORDER BY created_at DESC LIMIT $2`, [
      owner.user.businessId,
      (await countRows(db, 'SELECT 1 FROM activities WHERE business_id = $1', [owner.user.businessId])) - entriesBefore,
    ])) as { entity: string; description: string }[];
    return { kinds: [...(event.message.data as LiveData[])].sort(), entries, body: JSON.parse(response.body) };
  }

  it('customers: create, update, search, soft delete; 400 with field errors, 403 without the action, 404 for another business', async () => {
    const created = await written(() => send(owner, 'POST', 'user/customer', { firstName: 'Kamala', lastName: 'Silva', email: 'kamala@example.com', contactNumber: '0771 234 567' }));
    expect(created.kinds).toEqual(['activity', 'customers']);
    expect(created.entries).toEqual([{ entity: 'Customer', description: 'Created customer Kamala Silva' }]);
    const customer = created.body.customer;
    expect(customer).toMatchObject({ firstName: 'Kamala', lastName: 'Silva', address: '', totalPurchased: '0.0000' });
    const updated = await written(() => send(owner, 'PATCH', 'user/customer', { _id: customer._id, address: '1 Galle Road' }));
    expect(updated.body.customer).toMatchObject({ firstName: 'Kamala', address: '1 Galle Road' });
    expect(updated.entries).toEqual([{ entity: 'Customer', description: 'Updated customer Kamala Silva' }]);
    await send(owner, 'POST', 'user/customer', { firstName: 'Ruwan' });
    for (const search of ['kamala s', 'KAMALA@', '234 567']) {
      expect((await send(owner, 'GET', 'user/customer', undefined, { search })).json().customers.map((found: { _id: string }) => found._id)).toEqual([customer._id]);
    }
    expect((await send(owner, 'GET', 'user/customer', undefined, { search: '%' })).json().customers).toEqual([]);

    const bad = await send(owner, 'POST', 'user/customer', { firstName: ' ', email: 'nope', contactNumber: 'abc', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['contactNumber', 'email', 'extra', 'firstName']);
    expect((await send(null, 'GET', 'user/customer')).statusCode).toBe(401);
    const viewer = await addStaff(api, owner, [{ action: ['view:customer'], locations: [] }]);
    expect((await send(viewer, 'GET', 'user/customer')).statusCode).toBe(200);
    expect((await send(viewer, 'POST', 'user/customer', { firstName: 'X' })).statusCode).toBe(403);
    expect((await send(viewer, 'DELETE', `user/customer/${customer._id}`)).statusCode).toBe(403);
    const stranger = await registerBusiness(api);
    expect((await send(stranger, 'PATCH', 'user/customer', { _id: customer._id, firstName: 'Y' })).statusCode).toBe(404);
    expect((await send(stranger, 'DELETE', `user/customer/${customer._id}`)).statusCode).toBe(404);
    expect((await send(stranger, 'POST', 'user/invoice', { locationID: stranger.locationId, customer: customer._id, items: [{ itemID: itemId, quantity: '1' }], paymentMethod: 'Cash' })).statusCode).toBe(404);

    const deleted = await written(() => send(owner, 'DELETE', `user/customer/${customer._id}`));
    expect(deleted.entries).toEqual([{ entity: 'Customer', description: 'Deleted customer Kamala Silva' }]);
    expect((await send(owner, 'GET', 'user/customer', undefined, { search: 'kamala' })).json().customers).toEqual([]);
    expect((await send(owner, 'DELETE', `user/customer/${customer._id}`)).statusCode).toBe(404);
  });

  it('every sales write records an Invoice entry and reloads what it changed', async () => {
    const sale = await written(() => send(owner, 'POST', 'user/invoice', { locationID: owner.locationId, items: [{ itemID: itemId, quantity: '2' }], paymentMethod: 'Cash', paidAmount: '5', paymentDueDate: '2030-01-01T00:00:00Z' }));
    expect(sale.kinds).toEqual(['activity', 'customers', 'invoices', 'items', 'reports', 'transactions']);
    const invoice = sale.body.invoice;
    // Written in the sale's numbering statement, with the number it took and where.
    const place = (await send(owner, 'GET', 'user/location')).json().data.find((location: { _id: string }) => location._id === owner.locationId);
    expect(sale.entries).toEqual([{ entity: 'Invoice', description: `Created invoice #${invoice.invoiceNumber} at ${place.name}` }]);
    const payment = await written(() => send(owner, 'POST', 'user/invoice/add-payment', { invoiceID: invoice._id, amount: '5', paymentMethod: 'Card' }));
    expect(payment.kinds).toEqual(['activity', 'customers', 'invoices', 'reports', 'transactions']);
    expect(payment.entries).toEqual([{ entity: 'Invoice', description: `Added a payment of රු 5.00 (Card) to invoice #${invoice.invoiceNumber}` }]);
    const refund = await written(() => send(owner, 'POST', 'user/invoice/refund', { invoiceID: invoice._id, items: [{ lineID: invoice.items[0]._id, quantity: '1' }], amount: '5' }));
    expect(refund.kinds).toEqual(['activity', 'customers', 'invoices', 'items', 'reports', 'transactions']);
    const link = await written(() => send(owner, 'POST', 'user/invoice/link/reissue', { invoiceID: invoice._id }));
    expect(link.kinds).toEqual(['activity', 'invoices']);
    const cancel = await written(() => send(owner, 'DELETE', `user/invoice/${invoice._id}`));
    expect(cancel.kinds).toEqual(['activity', 'customers', 'invoices', 'items', 'reports', 'transactions']);
    expect(cancel.entries).toEqual([{ entity: 'Invoice', description: expect.stringMatching(/^Cancelled invoice #/) }]);
  });

  it('lists: dated (default today, location filter), paginated newest first, search by number, name, e-mail or phone', async () => {
    const business = await registerBusiness(api);
    const tea = (await business.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item._id;
    const second = (await business.post('user/location', { name: 'Second' })).json().location._id;
    for (const location of [business.locationId, second]) await business.post('user/inventory/add/batch', { itemID: tea, locationID: location, quantity: '50', cost: '1' });
    const buyer = (await business.post('user/customer', { firstName: 'Saman', email: 'saman@example.com', contactNumber: '0112 345 678' })).json().customer;
    const sell = async (locationID: string, customer: string | null = null) =>
      (await send(business, 'POST', 'user/invoice', { locationID, customer, items: [{ itemID: tea, quantity: '1' }], paymentMethod: 'Cash' })).json().invoice;
    const first = await sell(business.locationId, buyer._id);
    const atSecond = await sell(second);
    const third = await sell(business.locationId);
    const ids = (answer: { json(): { invoices: { _id: string }[] } }) => answer.json().invoices.map((invoice) => invoice._id);

    expect(ids(await send(business, 'GET', 'user/invoice/dated'))).toEqual([third._id, atSecond._id, first._id]);
    expect(ids(await send(business, 'GET', 'user/invoice/dated', undefined, { locations: second }))).toEqual([atSecond._id]);
    expect(ids(await send(business, 'GET', 'user/invoice/dated', undefined, { startDate: '2020-01-01T00:00:00Z', endDate: '2020-12-31T00:00:00Z' }))).toEqual([]);
    const page = (await send(business, 'GET', 'user/invoice/paginated', undefined, { page: '2', limit: '2' })).json();
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.invoices.map((invoice: { _id: string }) => invoice._id)).toEqual([first._id]);
    for (const search of [String(first.invoiceNumber), 'saman', 'SAMAN@EXAMPLE', '345 678']) {
      expect(ids(await send(business, 'GET', 'user/invoice/search', undefined, { search }))).toEqual([first._id]);
    }
    const limited = await addStaff(api, business, [{ action: ['view:invoice'], locations: [second] }]);
    expect(ids(await send(limited, 'GET', 'user/invoice/dated'))).toEqual([atSecond._id]);
    expect(ids(await send(limited, 'GET', 'user/invoice/dated', undefined, { locations: business.locationId }))).toEqual([]);
    expect((await send(limited, 'GET', 'user/invoice/paginated')).json().total).toBe(1);
    const bad = await send(business, 'GET', 'user/invoice/dated', undefined, { startDate: 'yesterday', locations: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['locations.0', 'startDate']);
  });

  it('sends the customer the public link after a sale when the business e-mails customers, and only then', async () => {
    const customer = (await send(owner, 'POST', 'user/customer', { firstName: 'Nimal', lastName: 'Perera', email: 'nimal@example.com' })).json().customer;
    const sell = async () => {
      const response = await send(owner, 'POST', 'user/invoice', { locationID: owner.locationId, customer: customer._id, items: [{ itemID: itemId, quantity: '1' }], paymentMethod: 'Cash' });
      expect(response.statusCode).toBe(201);
      return response.json().invoice as { invoiceNumber: number; link: string };
    };
    const mailsTo = () => db.query(`SELECT subject, text_body FROM outbox WHERE to_address = 'nimal@example.com' ORDER BY created_at`) as Promise<{ subject: string; text_body: string }[]>;

    await sell();
    expect(await mailsTo()).toEqual([]);

    expect((await send(owner, 'PATCH', 'user/business', { notification: { customerEmail: true } })).statusCode).toBe(200);
    const invoice = await sell();
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(new RegExp(`^Your invoice #${invoice.invoiceNumber} from \\S`));
    expect(mails[0]!.text_body).toContain(`/i/${invoice.link}`);

    // A walk-in sale has nobody to write to.
    const walkIn = await send(owner, 'POST', 'user/invoice', { locationID: owner.locationId, items: [{ itemID: itemId, quantity: '1' }], paymentMethod: 'Cash' });
    expect(walkIn.statusCode).toBe(201);
    expect(await mailsTo()).toHaveLength(1);
    await send(owner, 'PATCH', 'user/business', { notification: { customerEmail: false } });

    // Send to the customer from the invoice: now, whatever the setting; logged; refused (409) with nobody to write to or no link.
    const first = (await send(owner, 'GET', 'user/invoice/paginated?limit=200')).json().invoices.find((one: { customer: { _id: string } | null }) => one.customer?._id === customer._id);
    const sent = await send(owner, 'POST', 'user/invoice/link/send', { invoiceID: first._id });
    expect(sent.statusCode).toBe(201);
    expect(await mailsTo()).toHaveLength(2);
    expect((await mailsTo())[1]!.text_body).toContain(`/i/${first.link}`);
    const [logged] = await db.query(`SELECT description FROM activities WHERE business_id = (SELECT business_id FROM invoices WHERE id = $1) ORDER BY created_at DESC LIMIT 1`, [first._id]);
    expect(logged.description).toBe(`Sent invoice #${first.invoiceNumber} to nimal@example.com`);
    const nobody = await send(owner, 'POST', 'user/invoice/link/send', { invoiceID: walkIn.json().invoice._id });
    expect([nobody.statusCode, nobody.json().message]).toEqual([409, 'This invoice has no customer with an e-mail address: choose one with an address to send it.']);
    await send(owner, 'POST', 'user/invoice/link/revoke', { invoiceID: first._id });
    expect((await send(owner, 'POST', 'user/invoice/link/send', { invoiceID: first._id })).statusCode).toBe(409);
    expect(await mailsTo()).toHaveLength(2);
  });
});
