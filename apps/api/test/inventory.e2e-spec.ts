import { DataSource } from 'typeorm';
import { ItemListResponseSchema, ItemResponseSchema, type Item } from '@stockbook/contracts';
import { COUNT_AHEAD } from '../src/inventory/item-search';
import { addStaff, countRows, registerBusiness, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

describe('items, variants and batches (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;
  let owner: Caller & { locationId: string };
  let branchId: string;
  let supplierId: string;
  let drinksId: string;
  let teaId: string;
  let sizes: Record<string, string>;

  beforeAll(async () => {
    api = await startTestApi();
    db = api.api.app.get(DataSource);
    owner = await registerBusiness(api);
    branchId = (await owner.post('user/location', { name: 'Branch' })).json().location._id;
    supplierId = (await owner.post('user/supplier/add', { name: 'Leaf Co' })).json().supplier._id;
    drinksId = (await owner.post('user/category/add', { name: 'Drinks' })).json().category._id;
    teaId = (await owner.post('user/category/add', { name: 'Tea', parentCategory: drinksId })).json().category._id;
    const size = (await owner.post('user/attribute/add', { name: 'Size', values: ['Small', 'Large'] })).json().attribute;
    sizes = Object.fromEntries(size.values.map((v: { _id: string; value: string }) => [v.value, v._id]));
  });
  afterAll(async () => {
    await api.close();
  });

  const del = (caller: Caller, path: string) => api.request({ method: 'DELETE', url: `/api/v1/${path}`, headers: { cookie: caller.cookie } });
  const item = (response: { json(): unknown; statusCode: number }): Item => {
    if (response.statusCode >= 300) throw new Error(`${response.statusCode}: ${JSON.stringify(response.json())}`);
    return ItemResponseSchema.parse(response.json()).item;
  };
  const list = async (caller: Caller, query: Record<string, string> = {}) =>
    ItemListResponseSchema.parse((await caller.get('user/inventory/list', query)).json());

  it('adds a simple item, batches at two locations, and derives stock per location and in total', async () => {
    const milk = item(await owner.post('user/inventory/add/simple/item', { itemName: 'Milk 1L', categories: [drinksId], price: '2.40', reorderLevel: '5' }));
    expect(milk).toMatchObject({ itemName: 'Milk 1L', simpleItem: true, price: '2.4000', totalQuantity: '0.000', lowStock: true, subItems: [] });
    expect(milk.category.map((c) => c.name)).toEqual(['Drinks']);

    item(await owner.post('user/inventory/add/batch', { itemID: milk._id, locationID: owner.locationId, supplierID: supplierId, quantity: '10', cost: '1.50' }));
    item(await owner.post('user/inventory/add/batch', { itemID: milk._id, locationID: owner.locationId, quantity: '5', cost: '1.80' }));
    const after = item(await owner.post('user/inventory/add/batch', { itemID: milk._id, locationID: branchId, quantity: '4', cost: '2.00' }));
    expect(after.totalQuantity).toBe('19.000');
    expect(after.averageCost).toBe('1.6842'); // (15 + 9 + 8) / 19 = 1.68421...
    expect(after.stockValue).toBe('32.0000');
    expect(after.lowStock).toBe(false);
    expect(after.locationData).toEqual(
      expect.arrayContaining([
        { locationID: owner.locationId, totalQuantity: '15.000', averageCost: '1.6000', stockValue: '24.0000' },
        { locationID: branchId, totalQuantity: '4.000', averageCost: '2.0000', stockValue: '8.0000' },
      ]),
    );
    expect(after.batches).toHaveLength(3);
    expect(after.batches[0]).toMatchObject({ supplierID: supplierId, quantity: '10.000', quantitySold: '0.000', cost: '1.5000' });
  });

  it('reads one item by id, as the list shows it; 400 for a malformed id', async () => {
    const milk = (await list(owner, { search: 'milk' })).items[0]!;
    expect(item(await owner.get(`user/inventory/item/${milk._id}`))).toEqual(milk);
    expect((await owner.get('user/inventory/item/not-an-id')).statusCode).toBe(400);
  });

  it('adds a variant item with two variants, each with its own price and stock', async () => {
    const tea = item(
      await owner.post('user/inventory/variant/item', {
        itemName: 'Green Tea',
        categories: [teaId],
        variants: [
          { attributes: [sizes.Small], price: '3.00' },
          { attributes: [sizes.Large], price: '5.50', reorderLevel: '2' },
        ],
      }),
    );
    expect(tea.simpleItem).toBe(false);
    // In the attribute's value order (it lists Small, then Large), not by name.
    expect(tea.subItems.map((v) => [v.variantName, v.price])).toEqual([
      ['Small', '3.0000'],
      ['Large', '5.5000'],
    ]);
    const large = tea.subItems.find((v) => v.variantName === 'Large')!;
    const small = tea.subItems.find((v) => v.variantName === 'Small')!;
    item(await owner.post('user/inventory/add/batch', { itemID: small._id, locationID: owner.locationId, quantity: '8', cost: '1.25' }));
    const shown = item(await owner.post('user/inventory/add/batch', { itemID: large._id, locationID: branchId, quantity: '2', cost: '2.50' }));
    expect(shown.totalQuantity).toBe('10.000');
    expect(shown.subItems.find((v) => v._id === large._id)).toMatchObject({ totalQuantity: '2.000', averageCost: '2.5000', lowStock: true });
    expect(shown.lowStock).toBe(true);

    const duplicate = await owner.post('user/inventory/variant', { parentID: tea._id, attributes: [sizes.Small], price: '9' });
    expect(duplicate.statusCode).toBe(409);
    const renamed = item(await owner.patch('user/inventory/variant/parent', { _id: tea._id, itemName: 'Sencha' }));
    expect(renamed.subItems.every((v) => v.itemName === 'Sencha')).toBe(true);
    const repriced = item(await owner.patch('user/inventory/variant', { _id: small._id, price: '3.25' }));
    expect(repriced.subItems.find((v) => v._id === small._id)!.price).toBe('3.2500');
    // A variant's id reads as its parent item (links to a variant open the item).
    expect(item(await owner.get(`user/inventory/item/${small._id}`))).toEqual(repriced);
    // A batch goes on a simple item or a variant, never on the parent.
    expect((await owner.post('user/inventory/add/batch', { itemID: tea._id, locationID: branchId, quantity: '1', cost: '1' })).statusCode).toBe(404);
  });

  it('never lets a batch go below what was sold, and keeps a batch that sold', async () => {
    const rice = item(await owner.post('user/inventory/add/simple/item', { itemName: 'Rice 5kg', price: '9.99' }));
    const withBatch = item(await owner.post('user/inventory/add/batch', { itemID: rice._id, locationID: owner.locationId, quantity: '10', cost: '6' }));
    const batchId = withBatch.batches[0]!._id;
    await db.query(`UPDATE batches SET quantity_sold = 4 WHERE id = $1`, [batchId]); // until sales land (issue 6)

    const below = await owner.patch('user/inventory/update/batch', { _id: batchId, quantity: '3' });
    expect(below.statusCode).toBe(409);
    expect(below.json().fieldErrors.quantity).toEqual(['Quantity cannot go below the 4 already sold from this batch.']);
    const lowered = item(await owner.patch('user/inventory/update/batch', { _id: batchId, quantity: '4', cost: '6.50' }));
    expect(lowered).toMatchObject({ totalQuantity: '0.000', averageCost: '0.0000' });
    const sold = await del(owner, `user/inventory/batch/${batchId}`);
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toMatch(/already sold from this batch/);

    const spare = item(await owner.post('user/inventory/add/batch', { itemID: rice._id, locationID: branchId, quantity: '3', cost: '7' }));
    const spareId = spare.batches.find((b) => b.locationID === branchId)!._id;
    const gone = item(await del(owner, `user/inventory/batch/${spareId}`));
    expect(gone.batches.map((b) => b._id)).not.toContain(spareId);
    const [row] = await db.query(`SELECT deleted_at, deleted_by FROM batches WHERE id = $1`, [spareId]);
    expect(row.deleted_by).toBe(owner.user._id);
  });

  it('searches by name, category and attribute value, filters, and pages', async () => {
    expect((await list(owner, { search: 'milk' })).items.map((i) => i.itemName)).toEqual(['Milk 1L']);
    expect((await list(owner, { search: 'tea' })).items.map((i) => i.itemName)).toEqual(['Sencha']); // category "Tea"
    expect((await list(owner, { search: 'larg' })).items.map((i) => i.itemName)).toEqual(['Sencha']); // value "Large"
    expect((await list(owner, { search: 'MILK 1l' })).items.map((i) => i.itemName)).toEqual(['Milk 1L']); // any case
    expect((await list(owner, { search: '1_' })).items).toEqual([]); // _ and % are text, not wildcards
    expect((await list(owner, { category: drinksId })).items.map((i) => i.itemName).sort()).toEqual(['Milk 1L', 'Sencha']); // with subcategories
    expect((await list(owner, { location: branchId })).items.map((i) => i.itemName).sort()).toEqual(['Milk 1L', 'Sencha']);
    expect((await list(owner, { supplier: supplierId })).items.map((i) => i.itemName)).toEqual(['Milk 1L']);
    expect((await list(owner, { lowStock: 'true' })).items.map((i) => i.itemName)).toEqual(['Sencha']);
    const page = await list(owner, { limit: '1', page: '2' });
    expect(page).toMatchObject({ total: 3, totalExact: true, page: 2, limit: 1 });
    expect(page.items.map((i) => i.itemName)).toEqual(['Rice 5kg']);
    expect((await owner.get('user/inventory/list', { limit: '1000' })).statusCode).toBe(400);
  });

  it('counts matches only so far past the page; beyond that the total says "at least"', async () => {
    const crowd = await registerBusiness(api);
    await db.query(
      `INSERT INTO items (business_id, item_name, simple_item, price) SELECT $1, 'Crowd ' || lpad(n::text, 4, '0'), true, 1 FROM generate_series(1, $2) n`,
      [crowd.user.businessId, COUNT_AHEAD + 40],
    );
    const first = await list(crowd, { limit: '10' });
    expect(first).toMatchObject({ total: COUNT_AHEAD + 9, totalExact: false });
    expect(first.items[0]!.itemName).toBe('Crowd 0001');
    const last = await list(crowd, { limit: '20', page: String(Math.ceil((COUNT_AHEAD + 40) / 20)) });
    expect(last).toMatchObject({ total: COUNT_AHEAD + 40, totalExact: true });
    expect(last.items.at(-1)!.itemName).toBe(`Crowd ${String(COUNT_AHEAD + 40).padStart(4, '0')}`);
    const beyond = await list(crowd, { limit: '20', page: '999' });
    expect(beyond).toMatchObject({ items: [], total: COUNT_AHEAD + 40, totalExact: true });
  });

  it('filters a category with its subcategories in name order, each item once, following renames and deletions', async () => {
    const shop = await registerBusiness(api);
    const add = async (name: string, parentCategory?: string) =>
      (await shop.post('user/category/add', { name, ...(parentCategory ? { parentCategory } : {}) })).json().category._id as string;
    const food = await add('Food');
    const drinks = await add('Drinks', food);
    const other = await add('Other');
    // 3000 items: n % 3 = 0 in Drinks (under Food), 1 in Food, 2 in Other; every tenth also in Food.
    await db.query(
      `WITH made AS (INSERT INTO items (business_id, item_name, simple_item, price)
                     SELECT $1, 'Bulk ' || lpad(n::text, 5, '0'), true, 1 FROM generate_series(1, 3000) n RETURNING id, item_name)
       INSERT INTO item_categories (item_id, category_id)
       SELECT id, (ARRAY[$2, $3, $4]::uuid[])[1 + right(item_name, 5)::int % 3] FROM made
       UNION ALL SELECT id, $3::uuid FROM made WHERE right(item_name, 5)::int % 10 = 0 AND right(item_name, 5)::int % 3 <> 1`,
      [shop.user.businessId, drinks, food, other],
    );
    const name = (n: number) => `Bulk ${String(n).padStart(5, '0')}`;
    const inFood = Array.from({ length: 3000 }, (_, i) => i + 1).filter((n) => n % 3 !== 2 || n % 10 === 0).map(name);
    const page2 = await list(shop, { category: food, limit: '50', page: '2' });
    expect(page2.items.map((i) => i.itemName)).toEqual(inFood.slice(50, 100));
    expect(page2).toMatchObject({ total: 100 + COUNT_AHEAD - 1, totalExact: false });
    const lastPage = await list(shop, { category: food, limit: '50', page: String(Math.ceil(inFood.length / 50)) });
    expect(lastPage.items.map((i) => i.itemName)).toEqual(inFood.slice(-(inFood.length % 50 || 50)));
    expect(lastPage).toMatchObject({ total: inFood.length, totalExact: true });
    expect((await list(shop, { category: drinks, search: 'Bulk 0001' })).items.map((i) => i.itemName)).toEqual(
      ['Bulk 00012', 'Bulk 00015', 'Bulk 00018'],
    );

    // A renamed item moves in its categories' order; a deleted one leaves them.
    const [first, second] = (await list(shop, { category: food, limit: '2' })).items;
    item(await shop.patch('user/inventory/update', { _id: first!._id, itemName: 'Zz renamed' }));
    await del(shop, `user/inventory/delete/${second!._id}`);
    expect((await list(shop, { category: food, limit: '1' })).items[0]!.itemName).toBe(inFood[2]);
    const renamed = await list(shop, { category: food, limit: '50', page: String(Math.ceil((inFood.length - 1) / 50)) });
    expect(renamed.items.at(-1)!.itemName).toBe('Zz renamed');
    expect(renamed).toMatchObject({ total: inFood.length - 1, totalExact: true });
  });

  it('searches a value or category held by many items (probed while walking names) as exactly as one held by few (fetched by id)', async () => {
    const shop = await registerBusiness(api);
    const colour = (await shop.post('user/attribute/add', { name: 'Colour', values: ['Crimson', 'Teal'] })).json().attribute;
    const [crimson, teal] = colour.values.map((v: { _id: string }) => v._id) as [string, string];
    const pantry = (await shop.post('user/category/add', { name: 'Pantry' })).json().category._id as string;
    // 6000 items: every one Crimson and in Pantry but each hundredth, which is Teal; names never match.
    await db.query(
      `WITH made AS (INSERT INTO items (business_id, item_name, simple_item, price)
                     SELECT $1, 'Bulk ' || lpad(n::text, 5, '0'), true, 1 FROM generate_series(1, 6000) n RETURNING id, item_name),
            linked AS (INSERT INTO item_categories (item_id, category_id) SELECT id, $4 FROM made WHERE right(item_name, 2) <> '00')
       INSERT INTO item_attribute_values (item_id, attribute_value_id)
       SELECT id, CASE WHEN right(item_name, 2) = '00' THEN $3::uuid ELSE $2::uuid END FROM made`,
      [shop.user.businessId, crimson, teal, pantry],
    );
    const names = (n: number[]) => n.map((k) => `Bulk ${String(k).padStart(5, '0')}`);
    const many = Array.from({ length: 6000 }, (_, i) => i + 1).filter((n) => n % 100 !== 0);
    for (const search of ['crimson', 'pantry']) {
      const page3 = await list(shop, { search, limit: '50', page: '3' });
      expect(page3.items.map((i) => i.itemName)).toEqual(names(many.slice(100, 150)));
      expect(page3).toMatchObject({ total: 150 + COUNT_AHEAD - 1, totalExact: false });
    }
    const few = await list(shop, { search: 'teal', limit: '50', page: '2' });
    expect(few.items.map((i) => i.itemName)).toEqual(names([5100, 5200, 5300, 5400, 5500, 5600, 5700, 5800, 5900, 6000]));
    expect(few).toMatchObject({ total: 60, totalExact: true });
  });

  it('filters low stock over thousands of items in name order (variant items by their variants), following stock as it comes in', async () => {
    const shop = await registerBusiness(api);
    // 6000 items with nothing on hand: each one with a reorder level is low. Every third is a
    // variant item whose variant has the reorder level; every tenth has none and is never low.
    await db.query(
      `WITH made AS (INSERT INTO items (business_id, item_name, simple_item, price, reorder_level)
                     SELECT $1, 'Bulk ' || lpad(n::text, 5, '0'), n % 3 <> 0, 1, CASE WHEN n % 3 <> 0 AND n % 10 <> 0 THEN 1 END
                       FROM generate_series(1, 6000) n RETURNING id, item_name, simple_item)
       INSERT INTO items (business_id, parent_id, item_name, variant_name, simple_item, price, reorder_level, value_key)
       SELECT $1, id, item_name, 'One', false, 1, CASE WHEN right(item_name, 1) <> '0' THEN 1 END, '' FROM made WHERE NOT simple_item`,
      [shop.user.businessId],
    );
    const name = (n: number) => `Bulk ${String(n).padStart(5, '0')}`;
    const low = Array.from({ length: 6000 }, (_, i) => i + 1).filter((n) => n % 10 !== 0).map(name);
    const page2 = await list(shop, { lowStock: 'true', limit: '50', page: '2' });
    expect(page2.items.map((i) => i.itemName)).toEqual(low.slice(50, 100));
    expect(page2).toMatchObject({ total: 100 + COUNT_AHEAD - 1, totalExact: false });
    expect(page2.items.every((i) => i.lowStock)).toBe(true);

    // Stock above the reorder level for all but 120 (their batches go in with one statement).
    await db.query(
      `INSERT INTO batches (business_id, item_id, location_id, quantity, cost)
       SELECT $1, i.id, $2, 5, 1 FROM items i
        WHERE i.business_id = $1 AND (i.simple_item OR i.parent_id IS NOT NULL) AND right(i.item_name, 2) NOT IN ('01', '03')`,
      [shop.user.businessId, shop.locationId],
    );
    const fewLow = low.filter((n) => n.endsWith('01') || n.endsWith('03'));
    const few = await list(shop, { lowStock: 'true', limit: '50', page: '2' });
    expect(few.items.map((i) => i.itemName)).toEqual(fewLow.slice(50, 100));
    expect(few).toMatchObject({ total: fewLow.length, totalExact: true });
  });

  it('soft-deletes items: kept with deletedAt and deletedBy, out of the list', async () => {
    const soap = item(await owner.post('user/inventory/add/simple/item', { itemName: 'Soap', price: '1' }));
    const deleted = item(await del(owner, `user/inventory/delete/${soap._id}`));
    expect(deleted.deletedBy).toBe(owner.user._id);
    expect((await list(owner, { search: 'soap' })).items).toEqual([]);
    expect((await owner.get(`user/inventory/item/${soap._id}`)).statusCode).toBe(404);
    expect((await owner.patch('user/inventory/update', { _id: soap._id, price: '2' })).statusCode).toBe(404);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await countRows(db, `SELECT 1 FROM items`);
    const bad = await owner.post('user/inventory/add/simple/item', { itemName: '', price: '-1', categories: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['categories.0', 'itemName', 'price']);
    const twoSizes = await owner.post('user/inventory/add/simple/item', { itemName: 'Cup', price: '1', attributes: [sizes.Small, sizes.Large] });
    expect(twoSizes.statusCode).toBe(400);
    expect(twoSizes.json().fieldErrors.attributes).toEqual(['Choose at most one value of each attribute.']);
    const sameTwice = await owner.post('user/inventory/variant/item', {
      itemName: 'Mug',
      variants: [
        { attributes: [sizes.Small], price: '1' },
        { attributes: [sizes.Small], price: '2' },
      ],
    });
    expect(sameTwice.statusCode).toBe(400);
    expect(sameTwice.json().fieldErrors['variants.1.attributes']).toEqual(['Variant 1 already has these values.']);
    expect(await countRows(db, `SELECT 1 FROM items`)).toBe(before);
  });

  it('shows staff only the stock at their view:item locations, and checks batch permissions per location', async () => {
    const staff = await addStaff(api, owner, [
      { action: ['view:item'], locations: [branchId] },
      { action: ['create:batch'], locations: [branchId] },
    ]);
    const milk = (await list(staff, { search: 'milk' })).items[0]!;
    expect(milk.locationData.map((l) => l.locationID)).toEqual([branchId]);
    expect(milk.totalQuantity).toBe('4.000');
    expect(milk.batches.every((b) => b.locationID === branchId)).toBe(true);

    expect((await staff.post('user/inventory/add/batch', { itemID: milk._id, locationID: branchId, quantity: '1', cost: '1' })).statusCode).toBe(201);
    const elsewhere = await staff.post('user/inventory/add/batch', { itemID: milk._id, locationID: owner.locationId, quantity: '1', cost: '1' });
    expect(elsewhere.statusCode).toBe(403);
    expect((await staff.post('user/inventory/add/simple/item', { itemName: 'Nope', price: '1' })).statusCode).toBe(403);
    const one = item(await staff.get(`user/inventory/item/${milk._id}`));
    expect(one.locationData.map((l) => l.locationID)).toEqual([branchId]);
    expect(one.totalQuantity).toBe('5.000'); // the 4 listed, and the 1 the staff user just added
    const nobody = await addStaff(api, owner);
    expect((await nobody.get('user/inventory/list')).statusCode).toBe(403);
    expect((await nobody.get(`user/inventory/item/${milk._id}`)).statusCode).toBe(403);
  });

  it("reads the item a batch belongs to (where a batch's link opens): a variant's parent; 403 outside the caller's locations, 404 for an unknown batch", async () => {
    const tea = item(
      await owner.post('user/inventory/variant/item', {
        itemName: 'Oolong Tea',
        variants: [{ attributes: [sizes.Small], price: '4.00' }, { attributes: [sizes.Large], price: '7.00' }],
      }),
    );
    const large = tea.subItems.find((variant) => variant.variantName === 'Large')!;
    const stocked = item(await owner.post('user/inventory/add/batch', { itemID: large._id, locationID: owner.locationId, quantity: '2', cost: '3' }));
    const batch = stocked.subItems.find((variant) => variant._id === large._id)!.batches.find((b) => b.quantity === '2.000' && b.cost === '3.0000')!;
    expect(item(await owner.get(`user/inventory/batch/${batch._id}`))).toEqual(item(await owner.get(`user/inventory/item/${tea._id}`)));

    const branchViewer = await addStaff(api, owner, [{ action: ['view:item'], locations: [branchId] }]);
    const refused = await branchViewer.get(`user/inventory/batch/${batch._id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: "You can't view items at that location. Ask an administrator for access.", missingPermission: 'view:item' });
    expect((await owner.get('user/inventory/batch/00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such batch in your business.' });
    expect((await owner.get('user/inventory/batch/not-an-id')).statusCode).toBe(400);
    expect((await del(owner, `user/inventory/batch/${batch._id}`)).statusCode).toBe(200);
    expect((await owner.get(`user/inventory/batch/${batch._id}`)).statusCode).toBe(404);
  });

  it('writes an activity entry for every change, with the batch\'s location', async () => {
    const rows = await db.query(`SELECT DISTINCT action, entity FROM activities WHERE business_id = $1 AND entity IN ('Simple Item', 'Variant Item', 'Batch')`, [
      owner.user.businessId,
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        { action: 'Created', entity: 'Simple Item' },
        { action: 'Created', entity: 'Variant Item' },
        { action: 'Added', entity: 'Batch' },
        { action: 'Updated', entity: 'Batch' },
        { action: 'Deleted', entity: 'Batch' },
        { action: 'Deleted', entity: 'Simple Item' },
      ]),
    );
    expect(await countRows(db, `SELECT 1 FROM activities WHERE entity = 'Batch' AND cardinality(location_ids) = 0`)).toBe(0);
  });

  it('another business can neither read nor change any of it', async () => {
    const stranger = await registerBusiness(api);
    expect((await list(stranger)).items).toEqual([]);
    const milk = (await list(owner, { search: 'milk' })).items[0]!;
    const batchId = milk.batches[0]!._id;
    for (const response of [
      await stranger.get(`user/inventory/item/${milk._id}`),
      await stranger.patch('user/inventory/update', { _id: milk._id, price: '0' }),
      await stranger.patch('user/inventory/update/attributes', { _id: milk._id, attributes: [] }),
      await del(stranger, `user/inventory/delete/${milk._id}`),
      await stranger.post('user/inventory/add/batch', { itemID: milk._id, locationID: stranger.locationId, quantity: '1', cost: '1' }),
      await stranger.patch('user/inventory/update/batch', { _id: batchId, quantity: '99' }),
      await del(stranger, `user/inventory/batch/${batchId}`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const [row] = await db.query(`SELECT price FROM items WHERE id = $1`, [milk._id]);
    expect(row.price).toBe('2.4000');
  });
});
