import { DataSource } from 'typeorm';
import type { LiveData } from '@stockbook/contracts';
import { countRows, registerBusiness, unique, type Caller } from './support/accounts';
import { listenToLive, nextInvalidate, type Heard } from './support/live-channel';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Every write of the eight services that change business data goes through the one write path:
 * it records an activity entry and, in the same transaction, an `invalidate` naming the kinds it
 * changed, what shows them (the contracts' dependency map) and `activity`.
 */
describe('the write path (real PostgreSQL)', () => {
  let api: TestApi & { databaseUrl: string };
  let db: DataSource;
  let owner: Caller & { locationId: string };
  let heard: Heard[] = [];
  let stopListening: () => Promise<void>;
  let fence: () => Promise<void>;

  beforeAll(async () => {
    api = await startTestApi();
    db = await new DataSource({ type: 'postgres', url: api.databaseUrl }).initialize();
    const live = await listenToLive(api.databaseUrl);
    heard = live.heard;
    stopListening = live.close;
    fence = live.fence;
    owner = await registerBusiness(api);
  });
  afterAll(async () => {
    await stopListening();
    await db.destroy();
    await api.close();
  });

  /** Runs a write and answers the kinds its `invalidate` named and how many activity entries it added. */
  async function written(send: () => Promise<{ statusCode: number; body: string }>): Promise<{ kinds: LiveData[]; entries: number; body: unknown }> {
    const entriesBefore = await countRows(db, 'SELECT 1 FROM activities WHERE business_id = $1', [owner.user.businessId]);
    const from = heard.length;
    const response = await send();
    expect([200, 201]).toContain(response.statusCode);
    const event = await nextInvalidate(heard, from, owner.user.businessId, response.body);
    const entries = (await countRows(db, 'SELECT 1 FROM activities WHERE business_id = $1', [owner.user.businessId])) - entriesBefore;
    return { kinds: [...(event.message.data as LiveData[])].sort(), entries, body: JSON.parse(response.body) };
  }

  it('a category rename reloads items too, since item rows show category names', async () => {
    const added = await written(() => owner.post('user/category/add', { name: `Tea ${unique()}`, parentCategory: null }));
    expect(added.kinds).toEqual(['activity', 'categories', 'items']);
    expect(added.entries).toBe(1);
    const id = (added.body as { category: { _id: string } }).category._id;
    const renamed = await written(() => owner.patch('user/category/update', { _id: id, name: `Black tea ${unique()}` }));
    expect(renamed.kinds).toEqual(['activity', 'categories', 'items']);
    expect(renamed.entries).toBe(1);
  });

  it('an attribute and a value rename reload items too', async () => {
    const added = await written(() => owner.post('user/attribute/add', { name: `Size ${unique()}`, values: ['S', 'M'] }));
    expect(added.kinds).toEqual(['activity', 'attributes', 'items']);
    const attribute = (added.body as { attribute: { _id: string; values: { _id: string }[] } }).attribute;
    const value = await written(() => owner.patch('user/attribute/update/value', { _id: attribute.values[0]!._id, value: 'Small' }));
    expect(value.kinds).toEqual(['activity', 'attributes', 'items']);
    expect(value.entries).toBe(1);
  });

  it('items, batches, suppliers, locations, users and the business each record activity and reload it', async () => {
    const item = await written(() => owner.post('user/inventory/add/simple/item', { itemName: `Soap ${unique()}`, price: '120' }));
    expect(item.kinds).toEqual(['activity', 'items']);
    expect(item.entries).toBe(1);
    const itemId = (item.body as { item: { _id: string } }).item._id;
    const batch = await written(() => owner.post('user/inventory/add/batch', { itemID: itemId, locationID: owner.locationId, quantity: '5', cost: '80' }));
    expect(batch.kinds).toEqual(['activity', 'items']);
    expect(batch.entries).toBe(1);
    const supplier = await written(() => owner.post('user/supplier/add', { name: `Lanka ${unique()}`, address: 'Colombo', contactNumber: '+94112345678', email: 'a@b.lk' }));
    expect(supplier.kinds).toEqual(['activity', 'suppliers']);
    const location = await written(() => owner.post('user/location', { name: `Kandy ${unique()}` }));
    expect(location.kinds).toEqual(['activity', 'locations']);
    expect(location.entries).toBe(1);
    const user = await written(() =>
      owner.post('user/admin/users', {
        firstName: 'Nimal',
        lastName: 'Silva',
        username: `staff_${unique()}`,
        email: `staff.${unique()}@example.com`,
        password: 'correct horse battery',
        userAdmin: false,
        permissions: [],
      }),
    );
    expect(user.kinds).toEqual(['activity', 'messages', 'users']);
    expect(user.entries).toBe(1);
    const business = await written(() => owner.patch('user/business', { businessAddress: '1 Galle Road' }));
    expect(business.kinds).toEqual(['activity', 'business']);
    expect(business.entries).toBe(1);
  });

  it('expenses, capital and withdrawals each record activity and reload the money book and reports', async () => {
    const money = ['activity', 'expenses', 'reports', 'transactions'];
    const expense = await written(() => owner.post('user/expense', { locationID: owner.locationId, amount: '5', category: 'Travel' }));
    expect([expense.kinds, expense.entries]).toEqual([money, 1]);
    const expenseID = (expense.body as { expense: { _id: string } }).expense._id;
    for (const path of ['user/expense/cancel', 'user/expense/delete']) {
      const changed = await written(() => owner.post(path, { expenseID }));
      expect([path, changed.kinds, changed.entries]).toEqual([path, money, 1]);
    }
    for (const path of ['user/admin/capital', 'user/admin/withdrawal']) {
      const moved = await written(() => owner.post(path, { locationID: owner.locationId, amount: '1' }));
      expect([path, moved.kinds, moved.entries]).toEqual([path, ['activity', 'reports', 'transactions'], 1]);
    }
  });

  it('a refused write records nothing and tells no one', async () => {
    const name = `Dup ${unique()}`;
    // The first write's event is heard first (it goes out a few ms after its commit, with others).
    await written(() => owner.post('user/supplier/add', { name, address: '', contactNumber: '', email: '' }));
    const from = heard.length;
    const entriesBefore = await countRows(db, 'SELECT 1 FROM activities WHERE business_id = $1', [owner.user.businessId]);
    const again = await owner.post('user/supplier/add', { name, address: '', contactNumber: '', email: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NAME_TAKEN', fieldErrors: { name: [expect.any(String)] } });
    // Anything the refused write had sent would be heard before the fence.
    await fence();
    expect(heard.slice(from).filter((one) => one.to.businessId === owner.user.businessId)).toHaveLength(0);
    expect((await countRows(db, 'SELECT 1 FROM activities WHERE business_id = $1', [owner.user.businessId])) - entriesBefore).toBe(0);
  });
});
