import { DataSource } from 'typeorm';
import { AttributeListResponseSchema, CategoryListResponseSchema, SupplierListResponseSchema, CONTACT_NUMBER_MESSAGE } from '@stockbook/contracts';
import { addStaff, countRows, registerBusiness, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

describe('categories, attributes and suppliers (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;
  let owner: Caller & { locationId: string };
  let stranger: Caller;

  beforeAll(async () => {
    api = await startTestApi();
    db = api.api.app.get(DataSource);
    owner = await registerBusiness(api);
    stranger = await registerBusiness(api);
  });
  afterAll(async () => {
    await api.close();
  });

  const del = (caller: Caller, path: string) =>
    api.request({ method: 'DELETE', url: `/api/v1/${path}`, headers: { cookie: caller.cookie } });
  /** Until the items API lands, an item using a category or value is written directly. */
  const itemUsing = async (link: { categoryId?: string; valueId?: string }) => {
    const [{ id }] = await db.query(`INSERT INTO items (business_id, item_name, simple_item) VALUES ($1, 'Tea', true) RETURNING id`, [
      owner.user.businessId,
    ]);
    if (link.categoryId) await db.query(`INSERT INTO item_categories (item_id, category_id) VALUES ($1, $2)`, [id, link.categoryId]);
    if (link.valueId) await db.query(`INSERT INTO item_attribute_values (item_id, attribute_value_id) VALUES ($1, $2)`, [id, link.valueId]);
    return id as string;
  };

  describe('categories', () => {
    it('builds a tree with levels, and moving a category carries its subtree', async () => {
      const drinks = (await owner.post('user/category/add', { name: 'Drinks' })).json().category;
      expect(drinks).toMatchObject({ name: 'Drinks', level: 1, parentCategory: null });
      const hot = (await owner.post('user/category/add', { name: 'Hot', parentCategory: drinks._id })).json().category;
      const tea = (await owner.post('user/category/add', { name: 'Tea', parentCategory: hot._id })).json().category;
      expect([hot.level, tea.level]).toEqual([2, 3]);

      const food = (await owner.post('user/category/add', { name: 'Food' })).json().category;
      const moved = await owner.patch('user/category/update', { _id: hot._id, parentCategory: null, name: 'Hot drinks' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().category).toMatchObject({ name: 'Hot drinks', level: 1, parentCategory: null });
      const { categories } = CategoryListResponseSchema.parse((await owner.get('user/category/list')).json());
      expect(categories.find((c) => c._id === tea._id)).toMatchObject({ level: 2, parentCategory: hot._id });
      expect(categories.map((c) => c._id)).toEqual(expect.arrayContaining([drinks._id, food._id]));
    });

    it('refuses a cycle (400), a duplicate sibling name (409), and bad input (400)', async () => {
      const root = (await owner.post('user/category/add', { name: 'Household' })).json().category;
      const child = (await owner.post('user/category/add', { name: 'Cleaning', parentCategory: root._id })).json().category;
      const cycle = await owner.patch('user/category/update', { _id: root._id, parentCategory: child._id });
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json().fieldErrors.parentCategory).toBeDefined();
      const duplicate = await owner.post('user/category/add', { name: 'cleaning', parentCategory: root._id });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().fieldErrors.name).toBeDefined();
      // The same name under another parent is fine.
      expect((await owner.post('user/category/add', { name: 'Cleaning' })).statusCode).toBe(201);
      const bad = await owner.post('user/category/add', { name: '', parentCategory: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['name', 'parentCategory']);
    });

    it('refuses to delete a category with subcategories or items (409, saying why), and deletes an unused one', async () => {
      const parent = (await owner.post('user/category/add', { name: 'Stationery' })).json().category;
      const child = (await owner.post('user/category/add', { name: 'Pens', parentCategory: parent._id })).json().category;
      const withChild = await del(owner, `user/category/delete/${parent._id}`);
      expect(withChild.statusCode).toBe(409);
      expect(withChild.json().message).toBe('Stationery has 1 subcategory: move or delete them first.');

      const itemId = await itemUsing({ categoryId: child._id });
      const used = await del(owner, `user/category/delete/${child._id}`);
      expect(used.statusCode).toBe(409);
      expect(used.json().message).toBe('Pens is used by 1 item: take it off them first.');
      const inUse = CategoryListResponseSchema.parse((await owner.get('user/category/list/in-use')).json()).categories;
      expect(inUse.map((c) => c._id)).toEqual([child._id]);

      await db.query(`UPDATE items SET deleted_at = now() WHERE id = $1`, [itemId]);
      expect((await del(owner, `user/category/delete/${child._id}`)).statusCode).toBe(200);
      expect((await del(owner, `user/category/delete/${parent._id}`)).statusCode).toBe(200);
      expect(await countRows(db, `SELECT 1 FROM categories WHERE id = ANY($1::uuid[])`, [[parent._id, child._id]])).toBe(0);
    });
  });

  describe('attributes', () => {
    it('adds an attribute with values, renames it, adds and renames values', async () => {
      const created = await owner.post('user/attribute/add', { name: 'Size', values: ['Small', 'Medium'] });
      expect(created.statusCode).toBe(201);
      const size = created.json().attribute;
      expect(size.values.map((v: { value: string }) => v.value)).toEqual(['Small', 'Medium']);
      const updated = (await owner.patch('user/attribute/update', { _id: size._id, name: 'Cup size', addValues: ['Large'] })).json().attribute;
      expect(updated.name).toBe('Cup size');
      expect(updated.values.map((v: { value: string }) => v.value)).toEqual(['Small', 'Medium', 'Large']);
      const renamed = await owner.patch('user/attribute/update/value', { _id: size.values[0]._id, value: 'Tall' });
      expect(renamed.json().attribute.values[0].value).toBe('Tall');
      const clash = await owner.patch('user/attribute/update/value', { _id: size.values[0]._id, value: 'medium' });
      expect(clash.statusCode).toBe(409);
      const doubled = await owner.post('user/attribute/add', { name: 'Colour', values: ['Red', 'red'] });
      expect(doubled.statusCode).toBe(400);
      expect((await owner.post('user/attribute/add', { name: 'cup SIZE' })).statusCode).toBe(409);
    });

    it('refuses to delete an attribute in use (409); delete-forced takes it off every item in one go', async () => {
      const colour = (await owner.post('user/attribute/add', { name: 'Shade', values: ['Blue', 'Green'] })).json().attribute;
      const itemId = await itemUsing({ valueId: colour.values[0]._id });
      const inUse = AttributeListResponseSchema.parse((await owner.get('user/attribute/list/in-use')).json()).attributes;
      expect(inUse.find((a) => a._id === colour._id)?.values.map((v) => v.value)).toEqual(['Blue']);
      const refused = await del(owner, `user/attribute/delete/${colour._id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^Shade is used by 1 item\./);

      expect((await del(owner, `user/attribute/delete-forced/${colour._id}`)).statusCode).toBe(200);
      expect(await countRows(db, `SELECT 1 FROM item_attribute_values WHERE item_id = $1`, [itemId])).toBe(0);
      expect(await countRows(db, `SELECT 1 FROM attributes WHERE id = $1`, [colour._id])).toBe(0);
    });
  });

  describe('suppliers', () => {
    it('adds, updates, and deletes softly: kept with deletedAt and deletedBy, out of the list', async () => {
      const added = await owner.post('user/supplier/add', { name: 'Ceylon Tea Co', contactNumber: '011 234 5678', email: 'sales@ceylon.example' });
      expect(added.statusCode).toBe(201);
      const supplier = added.json().supplier;
      expect(supplier).toMatchObject({ name: 'Ceylon Tea Co', currentBalance: '0.0000', creditBalance: '0.0000' });
      const updated = await owner.patch('user/supplier/update', { _id: supplier._id, address: '5 Hill Street' });
      expect(updated.json().supplier).toMatchObject({ address: '5 Hill Street', name: 'Ceylon Tea Co' });
      expect((await owner.post('user/supplier/add', { name: 'ceylon tea co' })).statusCode).toBe(409);
      expect((await owner.post('user/supplier/add', { name: 'X', email: 'not-mail' })).json().fieldErrors.email).toBeDefined();
      const badNumber = await owner.post('user/supplier/add', { name: 'Y', contactNumber: 'ring the office' });
      expect(badNumber.statusCode).toBe(400);
      expect(badNumber.json().fieldErrors.contactNumber).toEqual([CONTACT_NUMBER_MESSAGE]);
      expect((await owner.patch('user/supplier/update', { _id: supplier._id, contactNumber: '12-34' })).statusCode).toBe(400);

      expect((await del(owner, `user/supplier/delete/${supplier._id}`)).statusCode).toBe(200);
      const list = SupplierListResponseSchema.parse((await owner.get('user/supplier/list')).json()).suppliers;
      expect(list.map((s) => s._id)).not.toContain(supplier._id);
      const [row] = await db.query(`SELECT deleted_at, deleted_by FROM suppliers WHERE id = $1`, [supplier._id]);
      expect(row.deleted_at).not.toBeNull();
      expect(row.deleted_by).toBe(owner.user._id);
      expect((await owner.patch('user/supplier/update', { _id: supplier._id, name: 'Back' })).statusCode).toBe(404);
      // Its name is free again.
      expect((await owner.post('user/supplier/add', { name: 'Ceylon Tea Co' })).statusCode).toBe(201);
    });
  });

  it('every change writes an activity entry', async () => {
    const entities = (await db.query(`SELECT DISTINCT entity FROM activities WHERE business_id = $1`, [owner.user.businessId])).map(
      (row: { entity: string }) => row.entity,
    );
    expect(entities).toEqual(expect.arrayContaining(['Category', 'Attribute', 'Supplier']));
  });

  it('needs the view permission to list and the action permission to change', async () => {
    const viewer = await addStaff(api, owner, [{ action: ['view:category', 'view:attribute', 'view:supplier'], locations: [] }]);
    expect((await viewer.get('user/category/list')).statusCode).toBe(200);
    expect((await viewer.get('user/attribute/list')).statusCode).toBe(200);
    expect((await viewer.get('user/supplier/list')).statusCode).toBe(200);
    for (const response of [
      await viewer.post('user/category/add', { name: 'Nope' }),
      await viewer.post('user/attribute/add', { name: 'Nope' }),
      await viewer.post('user/supplier/add', { name: 'Nope' }),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const nobody = await addStaff(api, owner);
    for (const path of ['user/category/list', 'user/category/list/in-use', 'user/attribute/list', 'user/attribute/list/in-use', 'user/supplier/list']) {
      expect((await nobody.get(path)).statusCode).toBe(403);
    }
    expect((await api.request({ method: 'GET', url: '/api/v1/user/category/list' })).statusCode).toBe(401);
  });

  it('another business can neither see nor change any of it', async () => {
    const category = (await owner.post('user/category/add', { name: 'Private' })).json().category;
    const attribute = (await owner.post('user/attribute/add', { name: 'Secret', values: ['One'] })).json().attribute;
    const supplier = (await owner.post('user/supplier/add', { name: 'Hidden Supplies' })).json().supplier;
    expect(CategoryListResponseSchema.parse((await stranger.get('user/category/list')).json()).categories).toEqual([]);
    expect(AttributeListResponseSchema.parse((await stranger.get('user/attribute/list')).json()).attributes).toEqual([]);
    expect(SupplierListResponseSchema.parse((await stranger.get('user/supplier/list')).json()).suppliers).toEqual([]);
    for (const response of [
      await stranger.patch('user/category/update', { _id: category._id, name: 'Mine' }),
      await stranger.post('user/category/add', { name: 'Under yours', parentCategory: category._id }),
      await del(stranger, `user/category/delete/${category._id}`),
      await stranger.patch('user/attribute/update', { _id: attribute._id, name: 'Mine' }),
      await stranger.patch('user/attribute/update/value', { _id: attribute.values[0]._id, value: 'Mine' }),
      await del(stranger, `user/attribute/delete/${attribute._id}`),
      await del(stranger, `user/attribute/delete-forced/${attribute._id}`),
      await stranger.patch('user/supplier/update', { _id: supplier._id, name: 'Mine' }),
      await del(stranger, `user/supplier/delete/${supplier._id}`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const [row] = await db.query(`SELECT name FROM categories WHERE id = $1`, [category._id]);
    expect(row.name).toBe('Private');
  });
});
