import { DataSource } from 'typeorm';
import { addStaff, registerBusiness } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Till counts on real PostgreSQL (issue 22, rule 5): the cash a till should hold, a count booking
 * the over or short as a Till transaction in cash, the next count starting from it, permissions.
 */
describe('till counts (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_AUTH_PER_ADDRESS: '1000000' });
    db = api.api.app.get(DataSource);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('expects the cash taken (not the card), books a shortage and an overage, and each count starts from the last', async () => {
    const owner = await registerBusiness(api, { currency: 'GBP' });
    const item = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item;
    await owner.post('user/inventory/add/batch', { itemID: item._id, locationID: owner.locationId, quantity: '20', cost: '1' });
    const sell = (quantity: string, payments: unknown[]) =>
      owner.post('user/invoice', { locationID: owner.locationId, items: [{ itemID: item._id, quantity }], paymentMethod: 'Cash', payments });
    expect((await sell('3', [{ paymentMethod: 'Cash', amount: '20', tendered: '50' }, { paymentMethod: 'Card', amount: '10' }])).statusCode).toBe(201);
    expect((await sell('2', [{ paymentMethod: 'Cash', amount: '20' }])).statusCode).toBe(201);
    await owner.post('user/expense', { locationID: owner.locationId, amount: '5', category: 'Other' });

    // £40 in cash (the change handed back is not in it; the card and the expense are not cash).
    expect((await owner.get('user/till-count', { locationID: owner.locationId })).json()).toMatchObject({ expected: '40.0000', counts: [] });
    const short = await owner.post('user/till-count', { locationID: owner.locationId, counted: '37.80', note: 'Evening count' });
    expect(short.statusCode).toBe(201);
    expect(short.json()).toMatchObject({ count: { expected: '40.0000', counted: '37.8000', difference: '-2.2000', note: 'Evening count' }, expected: '37.8000' });
    const [till] = await db.query(`SELECT transaction_type, amount::text, payment_method FROM transactions WHERE id = $1`, [short.json().count.transactionID]);
    expect(till).toEqual({ transaction_type: 'Till', amount: '-2.2000', payment_method: 'Cash' });

    const right = (await owner.post('user/till-count', { locationID: owner.locationId, counted: '37.8' })).json();
    expect(right.count).toMatchObject({ difference: '0.0000', transactionID: null });
    const over = (await owner.post('user/till-count', { locationID: owner.locationId, counted: '38' })).json();
    expect(over.count.difference).toBe('0.2000');
    const listed = (await owner.get('user/till-count', { locationID: owner.locationId })).json();
    expect(listed.counts.map((count: { difference: string }) => count.difference)).toEqual(['0.2000', '0.0000', '-2.2000']);
    // The location's balance follows: 40 + 10 card - 5 expense - 2.20 + 0.20.
    const [{ current_balance }] = await db.query(`SELECT current_balance::text FROM locations WHERE id = $1`, [owner.locationId]);
    expect(current_balance).toBe('43.0000');
    const activity = (await owner.get('user/activity')).json();
    expect(JSON.stringify(activity)).toContain('Counted £37.80 in the till at');
  });

  it('refuses bad counts, staff without count:till, and other businesses’ locations, writing nothing', async () => {
    const owner = await registerBusiness(api);
    for (const counted of ['-1', '1.234', 'lots']) {
      const refused = await owner.post('user/till-count', { locationID: owner.locationId, counted });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors.counted).toBeDefined();
    }
    const viewer = await addStaff(api, owner, [{ action: ['view:transaction'], locations: [owner.locationId] }]);
    expect((await viewer.get('user/till-count', { locationID: owner.locationId })).statusCode).toBe(200);
    expect((await viewer.post('user/till-count', { locationID: owner.locationId, counted: '1' })).statusCode).toBe(403);
    const counter = await addStaff(api, owner, [{ action: ['count:till'], locations: [owner.locationId] }]);
    expect((await counter.post('user/till-count', { locationID: owner.locationId, counted: '0' })).statusCode).toBe(201);
    const stranger = await addStaff(api, owner, [{ action: ['view:item'], locations: [] }]);
    expect((await stranger.get('user/till-count', { locationID: owner.locationId })).statusCode).toBe(403);
    const other = await registerBusiness(api);
    expect((await other.post('user/till-count', { locationID: owner.locationId, counted: '1' })).statusCode).toBe(404);
    expect((await other.get('user/till-count', { locationID: owner.locationId })).statusCode).toBe(404);
    const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM till_counts c JOIN locations l ON l.id = c.location_id WHERE l.id = $1`, [owner.locationId]);
    expect(count).toBe(1);
  });
});
