import { DataSource } from 'typeorm';
import { countRows, registerBusiness, unique, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

interface AttributeBody {
  attribute: { _id: string; name: string; values: { _id: string; value: string }[] };
}
interface ItemBody {
  item: { _id: string; itemName: string; subItems: { _id: string; variantName: string | null; batches: unknown[] }[] };
}

/** Names and combinations held unique by the database, and variant names that follow their values. */
describe('inventory names and combinations (real PostgreSQL)', () => {
  let api: TestApi & { databaseUrl: string };
  let db: DataSource;
  let owner: Caller & { locationId: string };

  beforeAll(async () => {
    api = await startTestApi();
    db = await new DataSource({ type: 'postgres', url: api.databaseUrl }).initialize();
    owner = await registerBusiness(api);
  });
  afterAll(async () => {
    await db.destroy();
    await api.close();
  });

  async function attribute(name: string, values: string[]) {
    const response = await owner.post('user/attribute/add', { name: `${name} ${unique()}`, values });
    expect(response.statusCode).toBe(201);
    return (response.json() as AttributeBody).attribute;
  }
  const valueId = (of: AttributeBody['attribute'], value: string) => of.values.find((one) => one.value === value)!._id;

  async function variantItem(variants: string[][]) {
    const response = await owner.post('user/inventory/variant/item', {
      itemName: `Shirt ${unique()}`,
      variants: variants.map((attributes) => ({ attributes, price: '1500' })),
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as ItemBody).item;
  }

  it('five simultaneous POST user/inventory/variant with one combination create one variant; the rest get 409 DUPLICATE_VARIANT', async () => {
    const size = await attribute('Size', ['S', 'M', 'L']);
    const item = await variantItem([[valueId(size, 'S')]]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => owner.post('user/inventory/variant', { parentID: item._id, attributes: [valueId(size, 'M')], price: '1600' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: 'DUPLICATE_VARIANT', fieldErrors: { attributes: [expect.any(String)] } });
    }
    expect(await countRows(db, 'SELECT 1 FROM items WHERE parent_id = $1 AND deleted_at IS NULL', [item._id])).toBe(2);
  });

  it('the database refuses a second live variant of one combination even when the code check is passed by', async () => {
    const size = await attribute('Size', ['S', 'M']);
    const item = await variantItem([[valueId(size, 'S')], [valueId(size, 'M')]]);
    const [first] = item.subItems;
    await expect(db.query(`UPDATE items SET value_key = (SELECT value_key FROM items WHERE id = $1) WHERE parent_id = $2 AND id <> $1`, [first!._id, item._id]))
      .rejects.toThrow(/uq_items_live_variant/);
  });

  it('a variant cannot escape the index without a key', async () => {
    const size = await attribute('Size', ['S']);
    const item = await variantItem([[valueId(size, 'S')]]);
    await expect(
      db.query(`INSERT INTO items (business_id, parent_id, item_name, simple_item, price) VALUES ($1, $2, 'x', false, 1)`, [owner.user.businessId, item._id]),
    ).rejects.toThrow(/ck_items_variant_key/);
  });

  it('concurrent imports of one new item name create one item', async () => {
    const name = `Ginger tea ${unique()}`;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        owner.post('user/inventory/import', { rows: [{ line: 2, itemName: name, price: '300', location: '', quantity: '', cost: '', variant: '', categories: '', reorderLevel: '', supplier: '', dateAdded: '' }] }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(await countRows(db, `SELECT 1 FROM items WHERE lower(item_name) = lower($1) AND parent_id IS NULL AND deleted_at IS NULL`, [name])).toBe(1);
    const statuses = answers.map((answer) => (answer.json() as { results: { status: string }[] }).results[0]!.status);
    expect(statuses).toContain('imported');
  });

  it('a second item of a live name is refused with 409 on the name field', async () => {
    const name = `Soap ${unique()}`;
    expect((await owner.post('user/inventory/add/simple/item', { itemName: name, price: '90' })).statusCode).toBe(201);
    const again = await owner.post('user/inventory/add/simple/item', { itemName: name.toUpperCase(), price: '90' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NAME_TAKEN', fieldErrors: { itemName: [expect.any(String)] } });
  });

  it("renaming a value renames the variants holding it; renaming an attribute reorders their names", async () => {
    const size = await attribute('Size', ['S', 'M']);
    const colour = await attribute('Colour', ['Red']);
    const item = await variantItem([[valueId(size, 'S'), valueId(colour, 'Red')], [valueId(size, 'M'), valueId(colour, 'Red')]]);
    const names = async () =>
      ((await owner.get(`user/inventory/item/${item._id}`)).json() as ItemBody).item.subItems.map((sub) => sub.variantName).sort();
    expect(await names()).toEqual(['Red / M', 'Red / S']);
    expect((await owner.patch('user/attribute/update/value', { _id: valueId(size, 'S'), value: 'Small' })).statusCode).toBe(200);
    expect(await names()).toEqual(['Red / M', 'Red / Small']);
    expect((await owner.patch('user/attribute/update', { _id: colour._id, name: `Tint ${unique()}` })).statusCode).toBe(200);
    expect(await names()).toEqual(['M / Red', 'Small / Red']);
  });

  it('a forced attribute delete that would leave two variants of one item alike is refused with 409 and a reason, changing nothing', async () => {
    const size = await attribute('Size', ['S', 'M']);
    const colour = await attribute('Colour', ['Red']);
    const item = await variantItem([[valueId(size, 'S'), valueId(colour, 'Red')], [valueId(size, 'M'), valueId(colour, 'Red')]]);
    const refused = await api.request({ method: 'DELETE', url: `/api/v1/user/attribute/delete-forced/${size._id}`, headers: { cookie: owner.cookie } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DUPLICATE_VARIANT' });
    expect(refused.json().message).toContain(item.itemName);
    expect(refused.json().message).toContain('Red');
    expect(await countRows(db, 'SELECT 1 FROM attribute_values WHERE attribute_id = $1', [size._id])).toBe(2);
    expect(await countRows(db, 'SELECT 1 FROM items WHERE parent_id = $1 AND deleted_at IS NULL', [item._id])).toBe(2);

    // Deleting the colour instead leaves S and M apart: allowed, and the names follow.
    const allowed = await api.request({ method: 'DELETE', url: `/api/v1/user/attribute/delete-forced/${colour._id}`, headers: { cookie: owner.cookie } });
    expect(allowed.statusCode).toBe(200);
    const after = ((await owner.get(`user/inventory/item/${item._id}`)).json() as ItemBody).item.subItems.map((sub) => sub.variantName).sort();
    expect(after).toEqual(['M', 'S']);
  });

  it('names holding ";", ">" and ":" import from escaped cells', async () => {
    const attributeName = `Fit: cut ${unique()}`;
    const made = await owner.post('user/attribute/add', { name: attributeName, values: ['Slim; long', 'A>B'] });
    expect(made.statusCode).toBe(201);
    const parent = await owner.post('user/category/add', { name: `Wear > men ${unique()}`, parentCategory: null });
    const parentCategory = parent.json().category;
    const child = await owner.post('user/category/add', { name: 'Tops; shirts', parentCategory: parentCategory._id });
    expect(child.statusCode).toBe(201);
    const escape = (name: string) => name.replace(/[\\;>:]/g, (character) => `\\${character}`);
    const row = {
      line: 2,
      itemName: `Kurta ${unique()}`,
      variant: `${escape(attributeName)}: ${escape('Slim; long')}`,
      categories: `${escape(parentCategory.name)} > ${escape('Tops; shirts')}`,
      price: '2500',
      reorderLevel: '',
      location: '',
      supplier: '',
      quantity: '',
      cost: '',
      dateAdded: '',
    };
    const answer = await owner.post('user/inventory/import', { rows: [row] });
    expect(answer.statusCode).toBe(200);
    const [result] = (answer.json() as { results: { status: string; message: string; itemID: string }[] }).results;
    expect(result).toMatchObject({ status: 'imported' });
    const item = ((await owner.get(`user/inventory/item/${result!.itemID}`)).json() as ItemBody & {
      item: { category: { name: string }[] };
    }).item;
    expect(item.category.map((category) => category.name)).toEqual(['Tops; shirts']);
    expect(item.subItems.map((sub) => sub.variantName)).toEqual(['Slim; long']);
  });
});
