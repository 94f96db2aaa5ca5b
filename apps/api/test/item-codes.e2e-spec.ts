import { DataSource } from 'typeorm';
import { ItemImportResponseSchema, ItemListResponseSchema, ItemResponseSchema, type Item } from '@stockbook/contracts';
import { registerBusiness, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * SKU, barcode and unit (issue 13, point 6): unique within a business among live items (also
 * under concurrent creates), found by the list's search; a category name's search takes its
 * subcategories; variants come in their attribute's value order; a batch keeps its location and
 * more than 0; the list's locationData gives a location's on hand, average cost and value.
 */
describe('item codes, search, variant order and batch rules (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;
  let owner: Caller & { locationId: string };
  let other: Caller & { locationId: string };
  let branchId: string;
  let sizes: Record<string, string>;

  beforeAll(async () => {
    api = await startTestApi();
    db = api.api.app.get(DataSource);
    owner = await registerBusiness(api);
    other = await registerBusiness(api);
    branchId = (await owner.post('user/location', { name: 'Branch' })).json().location._id;
    const size = (await owner.post('user/attribute/add', { name: 'Size', values: ['S', 'M', 'L'] })).json().attribute;
    sizes = Object.fromEntries(size.values.map((v: { _id: string; value: string }) => [v.value, v._id]));
  });
  afterAll(async () => {
    await api?.close();
  });

  const item = (response: { json(): unknown; statusCode: number; body: string }): Item => {
    if (response.statusCode >= 300) throw new Error(`${response.statusCode}: ${response.body}`);
    return ItemResponseSchema.parse(response.json()).item;
  };
  const list = async (caller: Caller, query: Record<string, string> = {}) => ItemListResponseSchema.parse((await caller.get('user/inventory/list', query)).json());
  const names = async (query: Record<string, string>) => (await list(owner, query)).items.map((entry) => entry.itemName);
  const del = (path: string) => api.request({ method: 'DELETE', url: `/api/v1/${path}`, headers: { cookie: owner.cookie } });

  describe('SKU and barcode', () => {
    let tea: Item;
    let shirt: Item;

    it('are kept trimmed with the unit; a variant shows its item unit', async () => {
      tea = item(await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '2', sku: ' TEA-001 ', barcode: '4006381333931', unit: ' kg ' }));
      expect(tea).toMatchObject({ sku: 'TEA-001', barcode: '4006381333931', unit: 'kg' });
      shirt = item(
        await owner.post('user/inventory/variant/item', {
          itemName: 'Shirt',
          unit: 'pcs',
          variants: [
            { attributes: [sizes.S!], price: '10', sku: 'SH-S', barcode: '5000000000017' },
            { attributes: [sizes.L!], price: '12', sku: 'SH-L' },
          ],
        }),
      );
      expect(shirt).toMatchObject({ unit: 'pcs', sku: null, barcode: null });
      expect(shirt.subItems.map((v) => [v.sku, v.barcode, v.unit])).toEqual([
        ['SH-S', '5000000000017', 'pcs'],
        ['SH-L', null, 'pcs'],
      ]);
      const unitChanged = item(await owner.patch('user/inventory/variant/parent', { _id: shirt._id, unit: 'each' }));
      expect(unitChanged.subItems.map((v) => v.unit)).toEqual(['each', 'each']);
      // The list (the item cards) shows them as the item's own read does.
      expect((await list(owner, { search: 'Shirt' })).items[0]).toEqual(unitChanged);
    });

    it('are unique among live items of the business: 409 naming the code and its holder; an update may keep its own', async () => {
      const sameSku = await owner.post('user/inventory/add/simple/item', { itemName: 'Coffee', price: '3', sku: 'tea-001' });
      expect(sameSku.statusCode).toBe(409);
      expect(sameSku.json().fieldErrors).toEqual({ sku: ['SKU "tea-001" is already used by Tea.'] });
      const variantBarcode = await owner.post('user/inventory/add/simple/item', { itemName: 'Coffee', price: '3', barcode: '5000000000017' });
      expect(variantBarcode.statusCode).toBe(409);
      expect(variantBarcode.json().message).toBe('Barcode "5000000000017" is already used by Shirt (S).');
      const newVariant = await owner.post('user/inventory/variant', { parentID: shirt._id, attributes: [sizes.M!], price: '11', sku: 'TEA-001' });
      expect(newVariant.statusCode).toBe(409);
      expect(newVariant.json().fieldErrors.sku).toEqual(['SKU "TEA-001" is already used by Tea.']);
      const large = shirt.subItems.find((v) => v.sku === 'SH-L')!;
      const taken = await owner.patch('user/inventory/variant', { _id: large._id, barcode: '4006381333931' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().fieldErrors.barcode).toEqual(['Barcode "4006381333931" is already used by Tea.']);
      const inRequest = await owner.post('user/inventory/variant/item', {
        itemName: 'Socks',
        variants: [
          { attributes: [sizes.S!], price: '1', sku: 'SO-1' },
          { attributes: [sizes.M!], price: '1', sku: 'so-1' },
        ],
      });
      expect(inRequest.statusCode).toBe(400);
      expect(inRequest.json().fieldErrors['variants.1.sku']).toEqual(['Variant 1 has this SKU already.']);

      expect(item(await owner.patch('user/inventory/update', { _id: tea._id, sku: 'Tea-001', price: '2.5' }))).toMatchObject({ sku: 'Tea-001', price: '2.5000' });
      expect(item(await owner.patch('user/inventory/update', { _id: tea._id, sku: 'TEA-001' })).sku).toBe('TEA-001');
      // Another business may use the same codes.
      expect((await other.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '1', sku: 'TEA-001', barcode: '4006381333931' })).statusCode).toBe(201);
      // Nothing was written by the refused requests.
      expect((await db.query(`SELECT count(*)::int AS n FROM items WHERE item_name IN ('Coffee', 'Socks')`))[0].n).toBe(0);
    });

    it('a deleted item frees its codes; an update can clear them', async () => {
      const mug = item(await owner.post('user/inventory/add/simple/item', { itemName: 'Mug', price: '4', sku: 'MUG-1', barcode: '111222333' }));
      expect((await owner.post('user/inventory/add/simple/item', { itemName: 'Cup', price: '4', sku: 'MUG-1' })).statusCode).toBe(409);
      expect((await del(`user/inventory/delete/${mug._id}`)).statusCode).toBe(200);
      const cup = item(await owner.post('user/inventory/add/simple/item', { itemName: 'Cup', price: '4', sku: 'MUG-1', barcode: '111222333' }));
      expect(cup).toMatchObject({ sku: 'MUG-1', barcode: '111222333' });
      expect(item(await owner.patch('user/inventory/update', { _id: cup._id, sku: '', barcode: null, unit: null }))).toMatchObject({ sku: null, barcode: null, unit: null });
    });

    it('hold under concurrent creates: one 201, one 409 naming the SKU and the item that holds it', async () => {
      for (const round of [1, 2, 3]) {
        const sku = `RACE-${round}`;
        const answers = await Promise.all(
          ['A', 'B'].map((letter) => owner.post('user/inventory/add/simple/item', { itemName: `Race ${round}${letter}`, price: '1', sku, barcode: `99${round}` })),
        );
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
        const winner = ItemResponseSchema.parse(answers.find((answer) => answer.statusCode === 201)!.json()).item;
        const loser = answers.find((answer) => answer.statusCode === 409)!.json();
        expect(loser.message).toContain(`"${sku}" is already used by ${winner.itemName}.`);
        expect((await db.query(`SELECT count(*)::int AS n FROM items WHERE sku = $1 AND deleted_at IS NULL`, [sku]))[0].n).toBe(1);
      }
      // The database holds it even past the service's check.
      const [{ business_id: businessId }] = await db.query(`SELECT business_id FROM items WHERE sku = 'RACE-1'`);
      await expect(db.query(`INSERT INTO items (business_id, item_name, simple_item, price, sku) VALUES ($1, 'Sneaky', true, 1, 'race-1')`, [businessId])).rejects.toThrow(
        /uq_items_live_sku/,
      );
    });

    it('hold a barcode under concurrent creates with different SKUs or none: one 201, the rest 409 naming the barcode and its holder', async () => {
      for (const round of [1, 2, 3]) {
        const barcode = `88${round}00${round}`;
        const skus = [`BAR-${round}A`, `BAR-${round}B`, undefined, undefined];
        const answers = await Promise.all(
          skus.map((sku, index) => owner.post('user/inventory/add/simple/item', { itemName: `Scan ${round}${'ABCD'[index]}`, price: '1', sku, barcode })),
        );
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
        const winner = ItemResponseSchema.parse(answers.find((answer) => answer.statusCode === 201)!.json()).item;
        for (const loser of answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json())) {
          // Only the barcode is taken: each loser's own SKU is free.
          expect(loser.fieldErrors).toEqual({ barcode: [`Barcode "${barcode}" is already used by ${winner.itemName}.`] });
        }
        expect((await db.query(`SELECT item_name FROM items WHERE barcode = $1 AND deleted_at IS NULL`, [barcode])).map((row: { item_name: string }) => row.item_name)).toEqual([
          winner.itemName,
        ]);
        // The losers wrote nothing, not even their free SKUs.
        expect((await db.query(`SELECT count(*)::int AS n FROM items WHERE item_name LIKE $1`, [`Scan ${round}%`]))[0].n).toBe(1);
      }
      const [{ business_id: businessId }] = await db.query(`SELECT business_id FROM items WHERE barcode = '881001'`);
      await expect(db.query(`INSERT INTO items (business_id, item_name, simple_item, price, barcode) VALUES ($1, 'Sneaky scan', true, 1, '881001')`, [businessId])).rejects.toThrow(
        /uq_items_live_barcode/,
      );
    });

    it('are found by the list search: a SKU from its start (any case), a barcode exactly, a variant code as its item', async () => {
      expect(await names({ search: 'tea-001' })).toEqual(['Tea']);
      expect(await names({ search: 'SH-' })).toEqual(['Shirt']);
      expect(await names({ search: '4006381333931' })).toEqual(['Tea']);
      // A scanned barcode of a variant finds its item, which holds the variant with it.
      const [found] = (await list(owner, { search: '5000000000017' })).items;
      expect(found?.itemName).toBe('Shirt');
      expect(found?.subItems.find((v) => v.barcode === '5000000000017')?.variantName).toBe('S');
      expect(await names({ search: '400638133393' })).toEqual([]); // a barcode matches whole
      expect(await names({ search: 'H-S' })).toEqual([]); // a SKU matches from its start
      expect((await list(other, { search: 'SH-S' })).items).toEqual([]);
    });
  });

  it('a category name searched finds the items of its subcategories, as the category filter does', async () => {
    const drinks = (await owner.post('user/category/add', { name: 'Drinks' })).json().category;
    const hot = (await owner.post('user/category/add', { name: 'Hot', parentCategory: drinks._id })).json().category;
    const green = (await owner.post('user/category/add', { name: 'Green', parentCategory: hot._id })).json().category;
    item(await owner.post('user/inventory/add/simple/item', { itemName: 'Sencha', price: '5', categories: [green._id] }));
    item(await owner.post('user/inventory/add/simple/item', { itemName: 'Cocoa', price: '5', categories: [hot._id] }));
    expect(await names({ category: drinks._id })).toEqual(['Cocoa', 'Sencha']);
    expect(await names({ search: 'drinks' })).toEqual(['Cocoa', 'Sencha']);
    expect(await names({ search: 'hot' })).toEqual(['Cocoa', 'Sencha']);
    expect(await names({ search: 'green' })).toEqual(['Sencha']);
  });

  it("lists variants in their attribute's value order (S, M, L), not by name, wherever an item is read", async () => {
    const hoodie = item(
      await owner.post('user/inventory/variant/item', {
        itemName: 'Hoodie',
        variants: [sizes.L!, sizes.S!, sizes.M!].map((value) => ({ attributes: [value], price: '30' })),
      }),
    );
    expect(hoodie.subItems.map((v) => v.variantName)).toEqual(['S', 'M', 'L']);
    const size = (await owner.get('user/attribute/list')).json().attributes.find((a: { name: string }) => a.name === 'Size');
    const withXl = (await owner.patch('user/attribute/update', { _id: size._id, addValues: ['XL'] })).json().attribute;
    const xl = withXl.values.find((v: { value: string }) => v.value === 'XL')._id;
    const added = item(await owner.post('user/inventory/variant', { parentID: hoodie._id, attributes: [xl], price: '32' }));
    expect(added.subItems.map((v) => v.variantName)).toEqual(['S', 'M', 'L', 'XL']);
    expect(item(await owner.get(`user/inventory/item/${hoodie._id}`)).subItems.map((v) => v.variantName)).toEqual(['S', 'M', 'L', 'XL']);
    expect((await list(owner, { search: 'Hoodie' })).items[0]!.subItems.map((v) => v.variantName)).toEqual(['S', 'M', 'L', 'XL']);
  });

  describe('batches', () => {
    it("refuse a changed location (moving stock is a transfer) and a quantity of 0; the same location is fine", async () => {
      const rice = item(await owner.post('user/inventory/add/simple/item', { itemName: 'Rice', price: '3' }));
      const withBatch = item(await owner.post('user/inventory/add/batch', { itemID: rice._id, locationID: owner.locationId, quantity: '10', cost: '2' }));
      const batchId = withBatch.batches[0]!._id;

      const moved = await owner.patch('user/inventory/update/batch', { _id: batchId, locationID: branchId, quantity: '9' });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().fieldErrors).toEqual({ locationID: ["A batch's location cannot change: moving stock to another location is a transfer."] });
      const [row] = await db.query(`SELECT location_id, quantity::text FROM batches WHERE id = $1`, [batchId]);
      expect(row).toEqual({ location_id: owner.locationId, quantity: '10.000' });
      const same = item(await owner.patch('user/inventory/update/batch', { _id: batchId, locationID: owner.locationId, quantity: '9' }));
      expect(same.batches[0]).toMatchObject({ locationID: owner.locationId, quantity: '9.000' });

      const zeroAdd = await owner.post('user/inventory/add/batch', { itemID: rice._id, locationID: owner.locationId, quantity: '0', cost: '2' });
      expect(zeroAdd.statusCode).toBe(400);
      expect(zeroAdd.json().fieldErrors.quantity).toEqual(['Quantity must be more than 0.']);
      const zeroUpdate = await owner.patch('user/inventory/update/batch', { _id: batchId, quantity: '0.000' });
      expect(zeroUpdate.statusCode).toBe(400);
      expect(zeroUpdate.json().fieldErrors.quantity).toEqual(['Quantity must be more than 0.']);
      expect((await db.query(`SELECT count(*)::int AS n FROM batches WHERE item_id = $1`, [rice._id]))[0].n).toBe(1);
    });

    it("give a location's on hand, average cost and value in the list filtered by it (locationData), beside the all-locations totals", async () => {
      const oil = item(await owner.post('user/inventory/add/simple/item', { itemName: 'Oil', price: '9' }));
      item(await owner.post('user/inventory/add/batch', { itemID: oil._id, locationID: owner.locationId, quantity: '10', cost: '2' }));
      item(await owner.post('user/inventory/add/batch', { itemID: oil._id, locationID: branchId, quantity: '3', cost: '5' }));
      item(await owner.post('user/inventory/add/batch', { itemID: oil._id, locationID: branchId, quantity: '1', cost: '6.5' }));
      const [shown] = (await list(owner, { location: branchId, search: 'Oil' })).items;
      expect(shown).toMatchObject({ totalQuantity: '14.000', averageCost: '2.9643', stockValue: '41.5000' });
      expect(shown!.locationData.find((data) => data.locationID === branchId)).toEqual({
        locationID: branchId,
        totalQuantity: '4.000',
        averageCost: '5.3750',
        stockValue: '21.5000',
      });
    });
  });

  it('imports SKU, Barcode and Unit cells, and refuses a row whose code another item holds', async () => {
    const location = (await owner.get('user/location')).json().data.find((l: { _id: string }) => l._id === owner.locationId).name;
    const send = async (rows: object[]) => ItemImportResponseSchema.parse((await owner.post('user/inventory/import', { rows })).json()).results;
    const rows = [
      { line: 2, itemName: 'Jam', price: '4', location, quantity: '5', cost: '2', sku: 'JAM-1', barcode: '7700', unit: 'jar' },
      { line: 3, itemName: 'Cap', variant: 'Size: S', price: '6', sku: 'CAP-S', barcode: '7701', unit: 'pcs' },
      { line: 4, itemName: 'Honey', price: '4', sku: 'TEA-001' },
    ];
    const results = await send(rows);
    expect(results.map((result) => result.status)).toEqual(['imported', 'imported', 'refused']);
    expect(results[2]!.problems).toEqual(['SKU "TEA-001" is already used by Tea.']);
    const jam = item(await owner.get(`user/inventory/item/${results[0]!.itemID}`));
    expect(jam).toMatchObject({ sku: 'JAM-1', barcode: '7700', unit: 'jar' });
    const cap = item(await owner.get(`user/inventory/item/${results[1]!.itemID}`));
    expect(cap).toMatchObject({ unit: 'pcs', sku: null });
    expect(cap.subItems[0]).toMatchObject({ sku: 'CAP-S', barcode: '7701', unit: 'pcs' });
    // The same rows again are already there.
    const again = await send(rows.slice(0, 2));
    expect(again.map((result) => result.outcome)).toEqual(['already present', 'already present']);
  });
});
