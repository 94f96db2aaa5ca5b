import { DataSource } from 'typeorm';
import { ItemImportResponseSchema, ItemListResponseSchema, type ItemImportRow } from '@stockbook/contracts';
import { addStaff, countRows, registerBusiness, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

describe('CSV import of items and batches: POST user/inventory/import (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;
  let owner: Caller & { locationId: string };
  let mainName: string;
  let branchId: string;

  beforeAll(async () => {
    api = await startTestApi();
    db = api.api.app.get(DataSource);
    owner = await registerBusiness(api);
    [{ name: mainName }] = await db.query(`SELECT name FROM locations WHERE id = $1`, [owner.locationId]);
    branchId = (await owner.post('user/location', { name: 'Branch' })).json().location._id;
    await owner.post('user/supplier/add', { name: 'Leaf Co' });
    const drinks = (await owner.post('user/category/add', { name: 'Drinks' })).json().category._id;
    await owner.post('user/category/add', { name: 'Tea', parentCategory: drinks });
    await owner.post('user/category/add', { name: 'Sale' });
    await owner.post('user/attribute/add', { name: 'Size', values: ['Small', 'Large'] });
    await owner.post('user/attribute/add', { name: 'Colour', values: ['Red'] });
  });
  afterAll(async () => {
    await api.close();
  });

  let line = 1;
  const row = (cells: Partial<ItemImportRow>): ItemImportRow => ({ line: ++line, ...cells });
  const send = async (caller: Caller, rows: ItemImportRow[]) => {
    const response = await caller.post('user/inventory/import', { rows });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
    return ItemImportResponseSchema.parse(response.json()).results;
  };
  const find = async (caller: Caller, search: string) =>
    ItemListResponseSchema.parse((await caller.get('user/inventory/list', { search })).json()).items.find((item) => item.itemName === search)!;
  const counts = async () => ({
    items: await countRows(db, `SELECT 1 FROM items WHERE business_id = $1`, [owner.user.businessId]),
    batches: await countRows(db, `SELECT 1 FROM batches WHERE business_id = $1`, [owner.user.businessId]),
  });

  it('creates a simple item with its batch, then adds a batch to it at another location', async () => {
    const results = await send(owner, [
      row({ itemName: 'Oat Milk', categories: 'Drinks; Sale', price: '2.40', reorderLevel: '3', location: mainName, supplier: 'leaf co', quantity: '12', cost: '1.10', dateAdded: '2026-11-01' }),
      row({ itemName: 'oat milk', location: 'Branch', quantity: '6', cost: '1.30', price: '9' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['imported', 'imported']);
    expect(results[0]!.message).toBe(`Created simple item Oat Milk; added 12 to Oat Milk at ${mainName}.`);
    expect(results[1]!.message).toBe('Price left at 2.4, as it was; added 6 to oat milk at Branch.');
    const milk = await find(owner, 'Oat Milk');
    expect(milk).toMatchObject({ simpleItem: true, price: '2.4000', reorderLevel: '3.000', totalQuantity: '18.000' });
    expect(milk.category.map((c) => c.name).sort()).toEqual(['Drinks', 'Sale']);
    expect(milk.locationData).toEqual(
      expect.arrayContaining([
        { locationID: owner.locationId, totalQuantity: '12.000', averageCost: '1.1000' },
        { locationID: branchId, totalQuantity: '6.000', averageCost: '1.3000' },
      ]),
    );
    expect(milk.batches.find((b) => b.locationID === owner.locationId)!.dateAdded).toBe('2026-11-01T00:00:00.000Z');
  });

  it('builds a variant item across rows: two variants, batches at two locations, a category by its path', async () => {
    const results = await send(owner, [
      row({ itemName: 'Linen Shirt', variant: 'Size: Small', categories: 'Drinks > Tea', price: '20', location: mainName, quantity: '10', cost: '8' }),
      row({ itemName: 'Linen Shirt', variant: 'size: LARGE', price: '24.5', location: 'Branch', quantity: '4', cost: '12.5' }),
      row({ itemName: 'Linen Shirt', variant: 'Size: Small', location: 'Branch', quantity: '2', cost: '9' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['imported', 'imported', 'imported']);
    expect(results[1]!.message).toBe('Added variant Linen Shirt (size: LARGE); added 4 to Linen Shirt (size: LARGE) at Branch.');
    const shirt = await find(owner, 'Linen Shirt');
    expect(shirt.simpleItem).toBe(false);
    expect(shirt.category.map((c) => c.name)).toEqual(['Tea']);
    expect(shirt.subItems.map((v) => [v.variantName, v.price, v.totalQuantity])).toEqual([
      ['Large', '24.5000', '4.000'],
      ['Small', '20.0000', '12.000'],
    ]);
    expect(shirt.locationData).toEqual(expect.arrayContaining([{ locationID: branchId, totalQuantity: '6.000', averageCost: '11.3333' }]));
  });

  it('refuses each bad row with its reason and writes nothing of it, while good rows in the same call land', async () => {
    const before = await counts();
    const results = await send(owner, [
      row({ itemName: 'Ghost', price: '1', location: 'Nowhere', quantity: '2', cost: '1' }),
      row({ itemName: 'Bad Qty', price: '1', location: mainName, quantity: 'ten', cost: '1' }),
      row({ itemName: 'No Cost', price: '1', location: mainName, quantity: '1' }),
      row({ itemName: 'No Price', location: mainName, quantity: '1', cost: '1' }),
      row({ itemName: 'Odd Value', variant: 'Size: Huge', price: '1' }),
      row({ itemName: 'Odd Attribute', variant: 'Fit: Slim', price: '1' }),
      row({ itemName: 'Odd Category', categories: 'Toys', price: '1' }),
      row({ itemName: 'Oat Milk', variant: 'Size: Small', quantity: '1', cost: '1', location: mainName }),
      row({ itemName: 'Linen Shirt', quantity: '1', cost: '1', location: mainName }),
      row({ itemName: 'Zero', price: '1', location: mainName, quantity: '0', cost: '1' }),
      row({ itemName: 'Bad Date', price: '1', location: mainName, quantity: '1', cost: '1', dateAdded: 'soon' }),
      row({ itemName: 'No Such Day', price: '1', location: mainName, quantity: '1', cost: '1', dateAdded: '2026-02-30' }),
      row({ itemName: 'Not ISO', price: '1', location: mainName, quantity: '1', cost: '1', dateAdded: '12/03/2026' }),
      row({ itemName: 'Oat Milk', price: 'abc', location: mainName, quantity: '1', cost: '1' }),
      row({ itemName: '', price: '1' }),
      row({ itemName: 'Good Tea', price: '3', location: mainName, quantity: '5', cost: '1' }),
    ]);
    const refused = results.filter((r) => r.status === 'refused');
    expect(refused.map((r) => r.message)).toEqual([
      `Line ${results[0]!.line}: No location named "Nowhere".`,
      `Line ${results[1]!.line}: Quantity must be a number of at least 0 with at most 3 decimals.`,
      `Line ${results[2]!.line}: Cost is needed with a quantity.`,
      `Line ${results[3]!.line}: Price is needed to create No Price.`,
      `Line ${results[4]!.line}: Size has no value "Huge". Add it first, or fix the value.`,
      `Line ${results[5]!.line}: No attribute named "Fit". Add it first, or fix the name.`,
      `Line ${results[6]!.line}: No category named "Toys". Add it first, or fix the name.`,
      `Line ${results[7]!.line}: Oat Milk is a simple item: leave the Variant column empty.`,
      `Line ${results[8]!.line}: Linen Shirt is an item with variants: say which in the Variant column.`,
      `Line ${results[9]!.line}: Quantity must be more than 0.`,
      `Line ${results[10]!.line}: Date added "soon" is not a date: write it as YYYY-MM-DD.`,
      `Line ${results[11]!.line}: Date added "2026-02-30" is not a date: write it as YYYY-MM-DD.`,
      `Line ${results[12]!.line}: Date added "12/03/2026" is not a date: write it as YYYY-MM-DD.`,
      `Line ${results[13]!.line}: Price must be a number of at least 0 with at most 4 decimals.`,
      `Line ${results[14]!.line}: Item name is empty.`,
    ]);
    expect(results.at(-1)).toMatchObject({ status: 'imported', message: `Created simple item Good Tea; added 5 to Good Tea at ${mainName}.` });
    const after = await counts();
    expect(after).toEqual({ items: before.items + 1, batches: before.batches + 1 });
  });

  it('says what it leaves as it was on an item that is already there', async () => {
    const [result] = await send(owner, [row({ itemName: 'Oat Milk', categories: 'Sale', reorderLevel: '9', location: mainName, quantity: '1', cost: '1' })]);
    expect(result!.message).toBe(`Categories left as they were; reorder level left as it was; added 1 to Oat Milk at ${mainName}.`);
    const milk = await find(owner, 'Oat Milk');
    expect(milk.reorderLevel).toBe('3.000');
    expect(milk.category.map((c) => c.name).sort()).toEqual(['Drinks', 'Sale']);
  });

  it('rolls back an item it created when its batch is refused (a savepoint per row)', async () => {
    const staff = await addStaff(api, owner, [
      { action: ['view:item', 'create:item'], locations: [] },
      { action: ['create:batch'], locations: [owner.locationId] },
    ]);
    const before = await counts();
    const results = await send(staff, [
      row({ itemName: 'Branch Only', price: '1', location: 'Branch', quantity: '1', cost: '1' }),
      row({ itemName: 'Main Only', price: '1', location: mainName, quantity: '1', cost: '1' }),
    ]);
    expect(results[0]).toMatchObject({ status: 'refused', message: `Line ${results[0]!.line}: You do not have the create:batch permission at that location.` });
    expect(results[1]!.status).toBe('imported');
    expect(await counts()).toEqual({ items: before.items + 1, batches: before.batches + 1 });
    expect(await countRows(db, `SELECT 1 FROM items WHERE item_name = 'Branch Only'`)).toBe(0);
  });

  it('writes the activity entries the screens write', async () => {
    const rows = await db.query(`SELECT DISTINCT action, entity FROM activities WHERE business_id = $1 AND entity IN ('Simple Item', 'Variant Item', 'Batch')`, [
      owner.user.businessId,
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        { action: 'Created', entity: 'Simple Item' },
        { action: 'Created', entity: 'Variant Item' },
        { action: 'Added', entity: 'Variant Item' },
        { action: 'Added', entity: 'Batch' },
      ]),
    );
    expect(await countRows(db, `SELECT 1 FROM activities WHERE business_id = $1 AND description LIKE 'Created simple item Branch Only%'`, [owner.user.businessId])).toBe(0);
  });

  it('answers 400 for no rows, too many rows or a malformed body; 401 without a session; 403 without create:item', async () => {
    expect((await owner.post('user/inventory/import', { rows: [] })).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => ({ line: i + 2, itemName: `x${i}` }));
    const tooMany = await owner.post('user/inventory/import', { rows: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBeDefined();
    expect((await owner.post('user/inventory/import', { rows: [{ itemName: 'no line' }] })).statusCode).toBe(400);
    expect((await owner.post('user/inventory/import', { rows: 'nope' })).statusCode).toBe(400);
    const anonymous = await api.request({ method: 'POST', url: '/api/v1/user/inventory/import', payload: { rows: [{ line: 2, itemName: 'x' }] } });
    expect(anonymous.statusCode).toBe(401);
    const viewer = await addStaff(api, owner, [{ action: ['view:item', 'create:batch'], locations: [] }]);
    expect((await viewer.post('user/inventory/import', { rows: [{ line: 2, itemName: 'Oat Milk', location: 'Branch', quantity: '1', cost: '1' }] })).statusCode).toBe(403);
  });

  it("never resolves another business's names", async () => {
    const stranger = await registerBusiness(api);
    const results = await send(stranger, [
      row({ itemName: 'Spy', price: '1', categories: 'Drinks' }),
      row({ itemName: 'Spy', price: '1', location: 'Branch', quantity: '1', cost: '1' }),
      row({ itemName: 'Spy', price: '1', variant: 'Size: Small' }),
      row({ itemName: 'Oat Milk', price: '1', supplier: 'Leaf Co', location: 'Branch', quantity: '1', cost: '1' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['refused', 'refused', 'refused', 'refused']);
    expect(await countRows(db, `SELECT 1 FROM items WHERE business_id = $1`, [stranger.user.businessId])).toBe(0);
  });
});
