import { DataSource } from 'typeorm';
import {
  CSV_LIST_SEPARATOR,
  CSV_PAIR_SEPARATOR,
  CSV_PATH_SEPARATOR,
  escapeCellName,
  ItemImportResponseSchema,
  ItemListResponseSchema,
  type Item,
  type ItemImportResult,
  type ItemImportRow,
} from '@stockbook/contracts';
import { formatQuantity, remainingOf } from '@stockbook/domain';
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
  const send = async (caller: Caller, rows: ItemImportRow[], options: { dryRun?: boolean; existing?: 'skip' | 'add'; createMissing?: boolean } = {}) => {
    const response = await caller.post('user/inventory/import', { rows, ...options });
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
        { locationID: owner.locationId, totalQuantity: '12.000', averageCost: '1.1000', stockValue: '13.2000' },
        { locationID: branchId, totalQuantity: '6.000', averageCost: '1.3000', stockValue: '7.8000' },
      ]),
    );
    expect(milk.batches.find((b) => b.locationID === owner.locationId)!.dateAdded).toBe('2026-11-01T00:00:00.000Z');
  });

  it("takes each item's or variant's tax by its rate's name (any case) or Exempt; an unknown rate refuses the row", async () => {
    await owner.post('user/tax-rate', { name: 'Reduced VAT', rate: '5' });
    const results = await send(owner, [
      row({ itemName: 'Taxed Tea', price: '3', tax: 'reduced vat' }),
      row({ itemName: 'Free Bread', price: '1', tax: 'EXEMPT' }),
      row({ itemName: 'Taxed Shirt', variant: 'Size: Small', price: '9', tax: 'Reduced VAT' }),
      row({ itemName: 'Plain Jam', price: '2' }),
      row({ itemName: 'Odd Cake', price: '2', tax: 'Sales tax' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['imported', 'imported', 'imported', 'imported', 'refused']);
    expect(results[4]!.message).toContain('No tax rate named "Sales tax". Add it under Admin, Tax, or write Exempt or nothing.');
    const [rate] = await db.query(`SELECT id FROM tax_rates WHERE business_id = $1 AND name = 'Reduced VAT'`, [owner.user.businessId]);
    expect(await find(owner, 'Taxed Tea')).toMatchObject({ taxRateID: rate.id, taxExempt: false });
    expect(await find(owner, 'Free Bread')).toMatchObject({ taxRateID: null, taxExempt: true });
    expect((await find(owner, 'Taxed Shirt')).subItems[0]).toMatchObject({ taxRateID: rate.id, taxExempt: false });
    expect(await find(owner, 'Plain Jam')).toMatchObject({ taxRateID: null, taxExempt: false });
    expect(await find(owner, 'Odd Cake')).toBeUndefined();
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
    // In the attribute's value order (Size lists Small, then Large).
    expect(shirt.subItems.map((v) => [v.variantName, v.price, v.totalQuantity])).toEqual([
      ['Small', '20.0000', '12.000'],
      ['Large', '24.5000', '4.000'],
    ]);
    expect(shirt.locationData).toEqual(expect.arrayContaining([{ locationID: branchId, totalQuantity: '6.000', averageCost: '11.3333', stockValue: '68.0000' }]));
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
      `Line ${results[4]!.line}: Size has no value "Huge". Add it first, fix the value, or let the import create what is missing.`,
      `Line ${results[5]!.line}: No attribute named "Fit". Add it first, fix the name, or let the import create what is missing.`,
      `Line ${results[6]!.line}: No category named "Toys". Add it first, fix the name, or let the import create what is missing.`,
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
    expect(results[0]).toMatchObject({ status: 'refused', message: `Line ${results[0]!.line}: You can't create batches at that location. Ask an administrator for access.` });
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

  describe('creating the categories, attributes and values a file names (createMissing)', () => {
    const catalogue = async (businessId: string) => ({
      categories: ((await db.query(
        `SELECT c.name, p.name AS parent FROM categories c LEFT JOIN categories p ON p.id = c.parent_category_id WHERE c.business_id = $1 ORDER BY c.name`,
        [businessId],
      )) as { name: string; parent: string | null }[]).map((c) => (c.parent ? `${c.parent} > ${c.name}` : c.name)),
      values: ((await db.query(
        `SELECT a.name || ': ' || v.value AS pair FROM attributes a JOIN attribute_values v ON v.attribute_id = a.id WHERE a.business_id = $1 ORDER BY 1`,
        [businessId],
      )) as { pair: string }[]).map((v) => v.pair),
    });

    it('a preview says what it will create and writes nothing; the import creates each once, and later rows use what earlier ones made', async () => {
      const shop = await registerBusiness(api);
      await shop.post('user/attribute/add', { name: 'Size', values: ['S'] });
      const rows = [
        row({ itemName: 'Kite', variant: 'Size: XL; Fit: Slim', categories: 'Toys > Outdoor; Gifts', price: '20' }),
        row({ itemName: 'Kite', variant: 'Size: S; fit: Regular', price: '18' }),
        row({ itemName: 'Ball', categories: 'toys > outdoor', price: '5' }),
      ];
      const before = await catalogue(shop.user.businessId);
      const preview = await send(shop, rows, { dryRun: true, createMissing: true });
      expect(await catalogue(shop.user.businessId)).toEqual(before);
      expect(preview.map((r) => r.outcome)).toEqual(['new item', 'new variant', 'new item']);
      expect(preview[0]!.message).toBe('Will create Kite (Size: XL; Fit: Slim); will create category Toys, category Toys > Outdoor, category Gifts, value Size: XL, attribute Fit and value Fit: Slim.');
      expect(preview[1]!.creates).toEqual([{ kind: 'value', name: 'Fit: Regular' }]);
      expect(preview[2]!.creates).toEqual([]);

      const imported = await send(shop, rows, { createMissing: true });
      expect(imported.map((r) => r.creates)).toEqual(preview.map((r) => r.creates));
      expect(imported[0]!.message).toMatch(/^Created Kite \(Size: XL; Fit: Slim\); created category Toys, /);
      expect(await catalogue(shop.user.businessId)).toEqual({
        categories: ['Gifts', 'Toys > Outdoor', 'Toys'],
        values: ['Fit: Regular', 'Fit: Slim', 'Size: S', 'Size: XL'],
      });
      const kite = await find(shop, 'Kite');
      expect(kite.subItems.map((v) => v.attributes.map((a) => a.value).sort().join(' ')).sort()).toEqual(['Regular S', 'Slim XL']);
      expect(kite.category.map((c) => c.name).sort()).toEqual(['Gifts', 'Outdoor']);
      expect((await find(shop, 'Ball')).category.map((c) => c.name)).toEqual(['Outdoor']);
      const activity = (await db.query(`SELECT description FROM activities WHERE business_id = $1 AND entity IN ('Category', 'Attribute') ORDER BY description`, [
        shop.user.businessId,
      ])) as { description: string }[];
      expect(activity.map((a) => a.description)).toEqual([
        'Added value Regular to Fit',
        'Added value XL to Size',
        'Created attribute Fit with value Slim',
        'Created attribute Size with value S',
        'Created category Gifts',
        'Created category Outdoor under Toys',
        'Created category Toys',
      ]);
    });

    it('a refused row takes back what it created, and the next row naming it creates it cleanly', async () => {
      const shop = await registerBusiness(api);
      await shop.post('user/inventory/add/simple/item', { itemName: 'Holder', price: '1', sku: 'TAKEN-1' });
      const results = await send(
        shop,
        [
          // Its category is made in the row's savepoint, then the SKU another item holds refuses the row.
          row({ itemName: 'Clash', categories: 'Garden', price: '1', sku: 'TAKEN-1' }),
          row({ itemName: 'Rake', categories: 'Garden', price: '9' }),
        ],
        { createMissing: true },
      );
      expect(results.map((r) => r.status)).toEqual(['refused', 'imported']);
      expect(results[0]!.creates).toEqual([]);
      expect(results[1]!.creates).toEqual([{ kind: 'category', name: 'Garden' }]);
      expect((await catalogue(shop.user.businessId)).categories).toEqual(['Garden']);
      expect((await find(shop, 'Rake')).category.map((c) => c.name)).toEqual(['Garden']);
    });

    it('creates nothing for an item that is there (its categories stay), and needs the permission to create each kind', async () => {
      const shop = await registerBusiness(api);
      await shop.post('user/inventory/add/simple/item', { itemName: 'Jar', price: '1' });
      const [kept] = await send(shop, [row({ itemName: 'Jar', categories: 'Kitchen' })], { createMissing: true });
      expect(kept).toMatchObject({ status: 'skipped', creates: [] });
      expect(kept!.message).toBe('Categories left as they were; Jar is already there; no batch on this line.');
      expect((await catalogue(shop.user.businessId)).categories).toEqual([]);

      await shop.post('user/attribute/add', { name: 'Size', values: ['S'] });
      const clerk = await addStaff(api, shop, [{ action: ['view:item', 'create:item'], locations: [] }]);
      const refused = await send(
        clerk,
        [
          row({ itemName: 'Pot', categories: 'Kitchen', price: '1' }),
          row({ itemName: 'Cap', variant: 'Colour: Red', price: '1' }),
          row({ itemName: 'Hat', variant: 'Size: M', price: '1' }),
          row({ itemName: 'Pan', variant: 'Size: S', price: '1' }),
        ],
        { createMissing: true },
      );
      expect(refused.map((r) => r.problems)).toEqual([
        ["You can't create categories. Ask an administrator for access."],
        ["You can't create attributes. Ask an administrator for access."],
        ["You can't edit attributes. Ask an administrator for access."],
        [],
      ]);
      expect(await catalogue(shop.user.businessId)).toEqual({ categories: [], values: ['Size: S'] });
    });
  });

  describe('preview, and what rows already present do', () => {
    /** What a result says the row does, bar the words (a dry run says "will") and new ids (rolled back). */
    const judged = (results: ItemImportResult[]) => results.map(({ line, status, outcome, problems }) => ({ line, status, outcome, problems }));
    const everything = async (businessId: string) => ({
      items: await countRows(db, `SELECT 1 FROM items WHERE business_id = $1`, [businessId]),
      batches: await countRows(db, `SELECT 1 FROM batches WHERE business_id = $1`, [businessId]),
      activities: await countRows(db, `SELECT 1 FROM activities WHERE business_id = $1`, [businessId]),
      stock: ((await db.query(`SELECT coalesce(sum(quantity - quantity_sold), 0)::text AS stock FROM batches WHERE business_id = $1 AND deleted_at IS NULL`, [businessId])) as { stock: string }[])[0]!.stock,
    });

    it('a dry run writes nothing and says exactly what the import then does, line by line', async () => {
      const rows = [
        row({ itemName: 'Preview Tea', price: '3', location: mainName, quantity: '5', cost: '1', dateAdded: '2026-10-01' }),
        row({ itemName: 'preview tea', location: mainName, quantity: '5', cost: '1', dateAdded: '2026-10-01' }),
        row({ itemName: 'Preview Tea', location: 'Branch', supplier: 'Leaf Co', quantity: '2', cost: '1.5' }),
        row({ itemName: 'Preview Shirt', variant: 'Size: Small', price: '10' }),
        row({ itemName: 'Preview Shirt', variant: 'Size: Large', price: '12', location: mainName, quantity: '1', cost: '6' }),
        row({ itemName: 'Preview Shirt', variant: 'Size: Small' }),
        row({ itemName: 'Oat Milk', location: mainName, supplier: 'Leaf Co', quantity: '12', cost: '1.10', dateAdded: '2026-11-01' }),
        row({ itemName: 'Nowhere Tea', price: '1', location: 'Nowhere', quantity: '1', cost: '1' }),
      ];
      const before = await everything(owner.user.businessId);
      const preview = await send(owner, rows, { dryRun: true });
      expect(await everything(owner.user.businessId)).toEqual(before);
      expect(preview.map((r) => r.outcome)).toEqual(['new item', 'already present', 'new batch', 'new item', 'new variant', 'already present', 'already present', 'refused']);
      expect(preview[0]!.message).toBe(`Will create simple item Preview Tea; will add 5 to Preview Tea at ${mainName}.`);
      expect(preview[1]!.message).toBe(`5 at ${mainName} is already there; it will be skipped.`);

      const imported = await send(owner, rows);
      expect(judged(imported)).toEqual(judged(preview));
      expect(imported.map((r) => r.status)).toEqual(['imported', 'skipped', 'imported', 'imported', 'imported', 'skipped', 'skipped', 'refused']);
      expect(imported[0]!.message).toBe(`Created simple item Preview Tea; added 5 to Preview Tea at ${mainName}.`);
      const after = await everything(owner.user.businessId);
      expect(after).toMatchObject({ items: before.items + 4, batches: before.batches + 3 });
      expect((await find(owner, 'Preview Tea')).totalQuantity).toBe('7.000');

      // The same rows again: every one is there now, and a dry run of "add again" says what that would add.
      expect((await send(owner, rows, { dryRun: true })).map((r) => r.outcome)).toEqual([
        'already present', 'already present', 'already present', 'already present', 'already present', 'already present', 'already present', 'refused',
      ]);
      const again = await send(owner, rows, { dryRun: true, existing: 'add' });
      expect(again.map((r) => r.outcome)).toEqual(['new batch', 'new batch', 'new batch', 'already present', 'new batch', 'already present', 'new batch', 'refused']);
      expect(again[0]!.message).toBe(`Will add 5 to Preview Tea at ${mainName} again, beside the same batch already there.`);
      expect(await everything(owner.user.businessId)).toEqual(after);
    });

    it('a row lists every problem it has, not only the first', async () => {
      const [result] = await send(owner, [row({ itemName: 'Many Faults', categories: 'Toys', price: '1', location: 'Nowhere', quantity: 'ten', cost: '1' })]);
      expect(result).toMatchObject({ status: 'refused', outcome: 'refused', itemID: null });
      expect(result!.problems).toEqual([
        'No category named "Toys". Add it first, fix the name, or let the import create what is missing.',
        'Quantity must be a number of at least 0 with at most 3 decimals.',
        'No location named "Nowhere".',
      ]);
      expect(result!.message).toBe(`Line ${result!.line}: ${result!.problems.join(' ')}`);
    });

    it('re-importing exactly what was exported changes nothing by default, and adds every batch again with "add"', async () => {
      const shop = await registerBusiness(api);
      const [{ name: home }] = (await db.query(`SELECT name FROM locations WHERE id = $1`, [shop.locationId])) as { name: string }[];
      const away = (await shop.post('user/location', { name: 'Away; Dock' })).json().location._id as string;
      const supplier = (await shop.post('user/supplier/add', { name: 'Leaf Co' })).json().supplier._id as string;
      const drinks = (await shop.post('user/category/add', { name: 'Drinks' })).json().category._id as string;
      const tea = (await shop.post('user/category/add', { name: 'Tea > Green', parentCategory: drinks })).json().category._id as string;
      const size = (await shop.post('user/attribute/add', { name: 'Size', values: ['Small', 'Large'] })).json().attribute as { values: { _id: string }[] };
      const green = (await shop.post('user/inventory/add/simple/item', { itemName: 'Green Tea', price: '3.5', reorderLevel: '2', categories: [tea] })).json().item as Item;
      const batch = async (itemID: string, locationID: string, quantity: string, cost: string, extra: object = {}) =>
        expect((await shop.post('user/inventory/add/batch', { itemID, locationID, quantity, cost, ...extra })).statusCode).toBe(201);
      await batch(green._id, shop.locationId, '30', '1.25', { supplierID: supplier, dateAdded: '2026-09-01T08:00:00Z' });
      await batch(green._id, away, '4', '1.4');
      await batch(green._id, away, '4', '1.4'); // two alike: two rows alike
      const shirt = (
        await shop.post('user/inventory/variant/item', {
          itemName: 'Shirt',
          categories: [drinks],
          variants: size.values.map((value) => ({ attributes: [value._id], price: '20' })),
        })
      ).json().item as Item;
      await batch(shirt.subItems[0]!._id, shop.locationId, '10', '8');
      await shop.post('user/inventory/add/simple/item', { itemName: 'Empty Jar', price: '1' });
      // A sale leaves 7 of a batch of 10: the file says 7.
      await db.query(`UPDATE batches SET quantity_sold = 3 WHERE item_id = $1`, [shirt.subItems[0]!._id]);

      // The rows Export CSV writes (item-csv.ts's itemsToCsv), from the list as the screen reads it.
      const listed = ItemListResponseSchema.parse((await shop.get('user/inventory/list', { limit: '100' })).json()).items;
      const locations = new Map<string, string>([[shop.locationId, home], [away, 'Away; Dock']]);
      const paths = new Map([[drinks, 'Drinks'], [tea, `Drinks${CSV_PATH_SEPARATOR}${escapeCellName('Tea > Green')}`]]);
      let fileLine = 1;
      const exported: ItemImportRow[] = [];
      for (const item of listed) {
        const categories = item.category.map((category) => paths.get(category._id)!).join(CSV_LIST_SEPARATOR);
        const units = item.simpleItem
          ? [{ unit: item, variant: '' }]
          : item.subItems.map((sub) => ({
              unit: sub,
              variant: sub.attributes.map((value) => `${escapeCellName(value.attribute.name)}${CSV_PAIR_SEPARATOR}${escapeCellName(value.value)}`).join(CSV_LIST_SEPARATOR),
            }));
        for (const { unit, variant } of units) {
          const head = { itemName: item.itemName, variant, categories, price: unit.price, reorderLevel: unit.reorderLevel ?? '' };
          const batches = unit.batches.filter((b) => remainingOf(b).gt(0));
          if (batches.length === 0) exported.push({ line: ++fileLine, ...head, location: '', supplier: '', quantity: '', cost: '', dateAdded: '' });
          for (const b of batches) {
            exported.push({
              line: ++fileLine,
              ...head,
              location: locations.get(b.locationID)!,
              supplier: b.supplierID ? 'Leaf Co' : '',
              quantity: formatQuantity(remainingOf(b).toString()),
              cost: b.cost,
              dateAdded: b.dateAdded.slice(0, 10),
            });
          }
        }
      }
      expect(exported).toHaveLength(6); // Empty Jar; Green Tea's 3 batches (2 alike); a Shirt variant's batch and a variant with none
      const stockOf = async () =>
        Object.fromEntries(
          ItemListResponseSchema.parse((await shop.get('user/inventory/list', { limit: '100' })).json()).items.map((item) => [item.itemName, item.totalQuantity]),
        );
      const before = await everything(shop.user.businessId);
      const stock = await stockOf();
      expect(stock).toEqual({ 'Empty Jar': '0.000', 'Green Tea': '38.000', Shirt: '7.000' });

      const preview = await send(shop, exported, { dryRun: true });
      expect(preview.map((r) => r.outcome)).toEqual(exported.map(() => 'already present'));
      const skipped = await send(shop, exported);
      expect(judged(skipped)).toEqual(judged(preview));
      expect(skipped.map((r) => r.status)).toEqual(exported.map(() => 'skipped'));
      expect(await everything(shop.user.businessId)).toEqual(before);
      expect(await stockOf()).toEqual(stock);

      const batchRows = exported.filter((r) => r.quantity).length;
      const addPreview = await send(shop, exported, { dryRun: true, existing: 'add' });
      expect(addPreview.map((r) => r.outcome)).toEqual(exported.map((r) => (r.quantity ? 'new batch' : 'already present')));
      const added = await send(shop, exported, { existing: 'add' });
      expect(judged(added)).toEqual(judged(addPreview));
      expect(await everything(shop.user.businessId)).toMatchObject({ items: before.items, batches: before.batches + batchRows });
      expect(await stockOf()).toEqual({ 'Empty Jar': '0.000', 'Green Tea': '76.000', Shirt: '14.000' });
    });

    it('judges rows that repeat each other in one file: a second identical row is already present under skip, added under add', async () => {
      const twice = (name: string) => [
        row({ itemName: name, price: '2', location: mainName, quantity: '3', cost: '1' }),
        row({ itemName: name, price: '2', location: mainName, quantity: '3', cost: '1' }),
      ];
      expect((await send(owner, twice('Twice Skip'))).map((r) => r.outcome)).toEqual(['new item', 'already present']);
      expect((await find(owner, 'Twice Skip')).totalQuantity).toBe('3.000');
      const [first, second] = twice('Twice Add');
      expect((await send(owner, [first!, second!, { ...second!, line: second!.line + 100 }], { existing: 'add' })).map((r) => r.outcome)).toEqual([
        'new item',
        'new batch',
        'new batch',
      ]);
      expect((await find(owner, 'Twice Add')).totalQuantity).toBe('9.000');
    });

    it('takes dryRun and existing, and answers 400 for an unknown existing choice or a dryRun that is no boolean', async () => {
      expect((await owner.post('user/inventory/import', { rows: [{ line: 2, itemName: 'Oat Milk' }], dryRun: true, existing: 'add' })).statusCode).toBe(200);
      expect((await owner.post('user/inventory/import', { rows: [{ line: 2, itemName: 'x' }], existing: 'replace' })).statusCode).toBe(400);
      expect((await owner.post('user/inventory/import', { rows: [{ line: 2, itemName: 'x' }], dryRun: 'yes' })).statusCode).toBe(400);
    });
  });
});
