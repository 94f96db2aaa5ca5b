import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ItemResponseSchema, type Item } from '@stockbook/contracts';
import { countRows, PASSWORD, registerBusiness, unique, type Caller } from './support/accounts';
import { mountedHandlers } from './support/mounted-handlers';
import { startTestApi, type TestApi } from './support/test-api';

const NUL_MESSAGE = 'Text cannot contain a NUL character (U+0000).';

/**
 * Bad input is refused with a 400 a person can act on, and writes nothing: text PostgreSQL cannot
 * hold (NUL), dates it cannot hold, amounts whose sums overflow, and fields no endpoint knows.
 */
describe('bad input is a 400 that changes nothing (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;
  let owner: Caller & { locationId: string };

  beforeAll(async () => {
    api = await startTestApi();
    db = api.api.app.get(DataSource);
    owner = await registerBusiness(api);
  });
  afterAll(async () => {
    await api.close();
  });

  const item = (response: { json(): unknown; statusCode: number }): Item => {
    if (response.statusCode >= 300) throw new Error(`${response.statusCode}: ${JSON.stringify(response.json())}`);
    return ItemResponseSchema.parse(response.json()).item;
  };
  const refused = (response: { statusCode: number; json(): unknown }) => {
    expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    return response.json() as { message: string; fieldErrors: Record<string, string[]> };
  };
  const newItem = async (name: string) => item(await owner.post('user/inventory/add/simple/item', { itemName: name, price: '1' }));
  const batchesOf = (itemId: string) => db.query(`SELECT quantity, date_added FROM batches WHERE item_id = $1 ORDER BY created_at`, [itemId]);

  describe('a NUL character in any text', () => {
    it('POST user/login with "a\\u0000b" as the username: 400 naming the field, no session', async () => {
      const sessions = await countRows(db, 'SELECT 1 FROM sessions');
      const body = refused(await api.request({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'a\u0000b', password: PASSWORD } }));
      expect(body.message).toBe(`username: ${NUL_MESSAGE}`);
      expect(body.fieldErrors.username).toEqual([NUL_MESSAGE]);
      expect(await countRows(db, 'SELECT 1 FROM sessions')).toBe(sessions);
    });

    it('POST user/register with a NUL in a name: 400, no business or user', async () => {
      const suffix = unique();
      const body = refused(
        await api.request({
          method: 'POST',
          url: '/api/v1/user/register',
          payload: {
            businessName: 'Shop',
            currency: 'LKR',
            inventoryValuationMethod: 'FIFO',
            firstName: 'Am\u0000al',
            lastName: 'Perera',
            username: `nul_${suffix}`,
            email: `nul.${suffix}@example.com`,
            password: PASSWORD,
          },
        }),
      );
      expect(body.fieldErrors.firstName).toEqual([NUL_MESSAGE]);
      expect(await countRows(db, 'SELECT 1 FROM users WHERE username = $1', [`nul_${suffix}`])).toBe(0);
    });

    it('names and addresses of suppliers, locations and the business: 400, nothing changed', async () => {
      const suppliers = await countRows(db, 'SELECT 1 FROM suppliers');
      expect(refused(await owner.post('user/supplier/add', { name: 'Leaf Co', address: '1 Main\u0000 St' })).fieldErrors.address).toEqual([NUL_MESSAGE]);
      expect(await countRows(db, 'SELECT 1 FROM suppliers')).toBe(suppliers);

      expect(refused(await owner.patch(`user/location/${owner.locationId}`, { name: 'Ma\u0000in' })).fieldErrors.name).toEqual([NUL_MESSAGE]);
      expect(refused(await owner.patch('user/business', { printer: { footer1: 'Thanks\u0000' } })).fieldErrors['printer.footer1']).toEqual([NUL_MESSAGE]);
      const [business] = await db.query(`SELECT b.printer, l.name FROM businesses b JOIN locations l ON l.business_id = b.id WHERE l.id = $1`, [owner.locationId]);
      expect(business.name).not.toContain('\u0000');
      expect(JSON.stringify(business.printer)).not.toContain('Thanks');
    });

    it('GET user/inventory/list?search=a%00b: 400 naming the search', async () => {
      const body = refused(await api.request({ method: 'GET', url: '/api/v1/user/inventory/list?search=a%00b', headers: { cookie: owner.cookie } }));
      expect(body.fieldErrors).toEqual({ search: [NUL_MESSAGE] });
    });

    it('a CSV import cell: 400 naming the row and cell, nothing imported', async () => {
      const body = refused(
        await owner.post('user/inventory/import', {
          rows: [
            { line: 2, itemName: 'Plain tea', price: '1' },
            { line: 3, itemName: 'Nul\u0000 tea', price: '1' },
          ],
        }),
      );
      expect(body.fieldErrors).toEqual({ 'rows.1.itemName': [NUL_MESSAGE] });
      expect(await countRows(db, `SELECT 1 FROM items WHERE item_name IN ('Plain tea', 'Nul tea')`)).toBe(0);
    });
  });

  describe('a date PostgreSQL cannot store', () => {
    const message = 'Date added must be in the years 1900 to 2100.';

    it('POST user/inventory/add/batch with dateAdded 0000-01-01: 400, no batch', async () => {
      const rice = await newItem(`Rice ${unique()}`);
      const body = refused(
        await owner.post('user/inventory/add/batch', {
          itemID: rice._id,
          locationID: owner.locationId,
          quantity: '1',
          cost: '1',
          dateAdded: '0000-01-01T00:00:00Z',
        }),
      );
      expect(body.fieldErrors).toEqual({ dateAdded: [message] });
      expect(await batchesOf(rice._id)).toEqual([]);
      expect(refused(await owner.post('user/inventory/add/batch', { itemID: rice._id, locationID: owner.locationId, quantity: '1', cost: '1', dateAdded: '9999-12-31T00:00:00Z' })).fieldErrors).toEqual({ dateAdded: [message] });
    });

    it('PATCH user/inventory/update/batch with dateAdded 0000-01-01: 400, the batch unchanged', async () => {
      const rice = await newItem(`Rice ${unique()}`);
      const added = item(await owner.post('user/inventory/add/batch', { itemID: rice._id, locationID: owner.locationId, quantity: '1', cost: '1', dateAdded: '2026-01-02T00:00:00Z' }));
      const before = await batchesOf(rice._id);
      const body = refused(await owner.patch('user/inventory/update/batch', { _id: added.batches[0]!._id, dateAdded: '0000-01-01T00:00:00Z' }));
      expect(body.fieldErrors).toEqual({ dateAdded: [message] });
      expect(await batchesOf(rice._id)).toEqual(before);
    });

    it('an import row dated 0000-01-01: 400 naming the line, nothing imported', async () => {
      const name = `Dated tea ${unique()}`;
      const body = refused(
        await owner.post('user/inventory/import', {
          rows: [{ line: 7, itemName: name, price: '1', location: 'Main store', quantity: '1', cost: '1', dateAdded: '0000-01-01' }],
        }),
      );
      expect(body.fieldErrors).toEqual({ 'rows.0.dateAdded': [`Line 7: ${message}`] });
      expect(await countRows(db, 'SELECT 1 FROM items WHERE item_name = $1', [name])).toBe(0);
    });
  });

  describe('amounts whose sums overflow their columns', () => {
    it('a batch of 999999999999.999 (eleven of them overflowed on_hand): 400 saying the bound, no batch', async () => {
      const rice = await newItem(`Rice ${unique()}`);
      const body = refused(
        await owner.post('user/inventory/add/batch', { itemID: rice._id, locationID: owner.locationId, quantity: '999999999999.999', cost: '1' }),
      );
      expect(body.fieldErrors).toEqual({ quantity: ['Quantity must be at most 1,000,000,000.'] });
      expect(await batchesOf(rice._id)).toEqual([]);
      const [{ on_hand: onHand }] = await db.query(`SELECT on_hand FROM items WHERE id = $1`, [rice._id]);
      expect(onHand).toBe('0.000');
    });

    it('prices, costs and quantities over 1,000,000,000 are refused everywhere they are written', async () => {
      const rice = await newItem(`Rice ${unique()}`);
      expect(refused(await owner.post('user/inventory/add/simple/item', { itemName: `Gold ${unique()}`, price: '1000000000.0001' })).fieldErrors).toEqual({
        price: ['Price must be at most 1,000,000,000.'],
      });
      expect(refused(await owner.patch('user/inventory/update', { _id: rice._id, reorderLevel: '1000000001' })).fieldErrors).toEqual({
        reorderLevel: ['Reorder level must be at most 1,000,000,000.'],
      });
      const added = item(await owner.post('user/inventory/add/batch', { itemID: rice._id, locationID: owner.locationId, quantity: '1000000000', cost: '1000000000.0000' }));
      expect(added.totalQuantity).toBe('1000000000.000');
      expect(refused(await owner.patch('user/inventory/update/batch', { _id: added.batches[0]!._id, cost: '999999999999.9999' })).fieldErrors).toEqual({
        cost: ['Cost must be at most 1,000,000,000.'],
      });
      const [row] = await db.query(`SELECT price, reorder_level FROM items WHERE id = $1`, [rice._id]);
      expect(row).toEqual({ price: '1.0000', reorder_level: null });
      expect(await batchesOf(rice._id)).toEqual([{ quantity: '1000000000.000', date_added: expect.any(Date) }]);
    });

    it('an import row over the bound is refused on its line, nothing of it written', async () => {
      const name = `Bulk tea ${unique()}`;
      const answer = await owner.post('user/inventory/import', {
        rows: [{ line: 2, itemName: name, price: '1', location: 'Main store', quantity: '999999999999.999', cost: '1' }],
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().results).toEqual([
        { line: 2, status: 'refused', outcome: 'refused', message: 'Line 2: Quantity must be at most 1,000,000,000.', problems: ['Quantity must be at most 1,000,000,000.'], itemID: null, creates: [] },
      ]);
      expect(await countRows(db, 'SELECT 1 FROM items WHERE item_name = $1', [name])).toBe(0);
    });

    it('stock on hand holds the sum of many batches (items.on_hand is numeric(28, 3))', async () => {
      const rice = await newItem(`Rice ${unique()}`);
      // Ten batches at the old column's limit, as data written before the bound could hold.
      await db.query(
        `INSERT INTO batches (business_id, item_id, location_id, quantity, cost)
         SELECT business_id, id, $2, 999999999999.999, 1 FROM items, generate_series(1, 10) WHERE id = $1`,
        [rice._id, owner.locationId],
      );
      const added = item(await owner.post('user/inventory/add/batch', { itemID: rice._id, locationID: owner.locationId, quantity: '1000000000', cost: '1' }));
      expect(added.totalQuantity).toBe('10000999999999.990');
      const [{ on_hand: onHand }] = await db.query(`SELECT on_hand FROM items WHERE id = $1`, [rice._id]);
      expect(onHand).toBe('10000999999999.990');
    });
  });

  describe('unbounded text (issue 23, rule 3)', () => {
    it("a supplier's e-mail and the business's of 10,012 characters: 400 naming the field, nothing written", async () => {
      const long = `${'a'.repeat(10_000)}@example.com`;
      const suppliers = await countRows(db, 'SELECT 1 FROM suppliers');
      expect(refused(await owner.post('user/supplier/add', { name: `Leaf ${unique()}`, email: long })).fieldErrors).toEqual({ email: ['E-mail must be at most 254 characters.'] });
      expect(await countRows(db, 'SELECT 1 FROM suppliers')).toBe(suppliers);
      const before = (await owner.get('user/business')).json().business;
      const answer = await owner.patch('user/business', { ...before, businessEmail: long });
      expect(refused(answer).fieldErrors.businessEmail).toEqual(['E-mail must be at most 254 characters.']);
      expect((await owner.get('user/business')).json().business.businessEmail).toBe(before.businessEmail);
    });

    it('an amount of 100,000 characters: 400 at once, nothing written', async () => {
      const expenses = await countRows(db, 'SELECT 1 FROM expenses');
      const answer = refused(await owner.post('user/expense', { locationID: owner.locationId, category: 'Rent', amount: ` ${'0'.repeat(100_000)}1`, date: '2026-11-01T00:00:00Z' }));
      expect(Object.keys(answer.fieldErrors)).toEqual(['amount']);
      expect(await countRows(db, 'SELECT 1 FROM expenses')).toBe(expenses);
    });
  });

  describe('unknown fields', () => {
    it('POST user/supplier/add with an unknown field: 400 naming it, no supplier', async () => {
      const suppliers = await countRows(db, 'SELECT 1 FROM suppliers');
      const body = refused(await owner.post('user/supplier/add', { name: 'Leaf Co', foo: 1 }));
      expect(body.message).toBe('foo: Unknown field "foo".');
      expect(body.fieldErrors).toEqual({ foo: ['Unknown field "foo".'] });
      expect(await countRows(db, 'SELECT 1 FROM suppliers')).toBe(suppliers);
    });

    it('nested objects are strict too: a permission entry, the printer settings', async () => {
      const suffix = unique();
      const body = refused(
        await owner.post('user/admin/users', {
          firstName: 'Nimal',
          lastName: 'Silva',
          username: `staff_${suffix}`,
          email: `staff.${suffix}@example.com`,
          password: PASSWORD,
          permissions: [{ action: ['view:item'], locations: [], everywhere: true }],
        }),
      );
      expect(body.fieldErrors).toEqual({ 'permissions.0.everywhere': ['Unknown field "everywhere".'] });
      expect(await countRows(db, 'SELECT 1 FROM users WHERE username = $1', [`staff_${suffix}`])).toBe(0);
      expect(refused(await owner.patch('user/business', { printer: { width: 48, colour: 'red' } })).fieldErrors).toEqual({
        'printer.colour': ['Unknown field "colour".'],
      });
    });

    it('every endpoint that takes a body or a query refuses an unknown field, naming it', async () => {
      const checked: string[] = [];
      const missed: string[] = [];
      for (const endpoint of endpointsWithInput(api)) {
        const url = `/api/v1/${endpoint.path.replace(/:[A-Za-z]+/g, randomUUID())}`;
        const response = await api.request(
          endpoint.kind === 'body'
            ? { method: endpoint.method, url, payload: { zzUnknown: 1 }, headers: { cookie: owner.cookie } }
            : { method: endpoint.method, url, query: { zzUnknown: '1' }, headers: { cookie: owner.cookie } },
        );
        const fieldErrors = (response.json() as { fieldErrors?: Record<string, string[]> }).fieldErrors;
        if (response.statusCode === 400 && fieldErrors?.zzUnknown?.[0] === 'Unknown field "zzUnknown".') checked.push(endpoint.name);
        else missed.push(`${endpoint.name}: ${response.statusCode} ${response.body}`);
      }
      expect(missed).toEqual([]);
      expect(checked.length).toBeGreaterThan(30);
    });
  });
});

interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  path: string;
  kind: 'body' | 'query';
}

/** Every mounted handler that takes a @Body() or @Query() validated by a zod DTO. */
function endpointsWithInput(api: TestApi): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const { controller, name, prefix, route, method } of mountedHandlers(api)) {
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { index: number }>;
    const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? []) as unknown[];
    for (const [key, { index }] of Object.entries(args)) {
      const type = Number(key.split(':')[0]);
      if (type !== RouteParamtypes.BODY && type !== RouteParamtypes.QUERY) continue;
      if (!(types[index] as { schema?: unknown } | undefined)?.schema) continue;
      endpoints.push({
        name: `${controller.name}.${name}`,
        method: RequestMethod[method] as Endpoint['method'],
        path: [prefix, route].filter(Boolean).join('/').replace(/\/+/g, '/').replace(/^\/|\/$/g, ''),
        kind: type === RouteParamtypes.BODY ? 'body' : 'query',
      });
    }
  }
  return endpoints;
}
