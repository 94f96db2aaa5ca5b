import { DataSource } from 'typeorm';
import { BusinessResponseSchema, CONTACT_NUMBER_MESSAGE, LocationListResponseSchema } from '@stockbook/contracts';
import { addStaff, countRows, registerBusiness, unique, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

describe('the business profile and locations (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;
  let owner: Caller & { locationId: string };

  beforeAll(async () => {
    api = await startTestApi();
    db = api.api.app.get(DataSource);
    owner = await registerBusiness(api, { currency: 'GBP', inventoryValuationMethod: 'AVCO' });
  });
  afterAll(async () => {
    await api.close();
  });

  describe('user/business', () => {
    it('reads the business, with default printer and notification settings', async () => {
      const response = await owner.get('user/business');
      expect(response.statusCode).toBe(200);
      const { business } = BusinessResponseSchema.parse(response.json());
      expect(business).toMatchObject({ _id: owner.user.businessId, currency: 'GBP', inventoryValuationMethod: 'AVCO' });
      expect(business.printer.width).toBeGreaterThanOrEqual(46);
      expect(business.notification).toEqual({ customerEmail: false, customerSMS: false, supplierEmail: false, supplierSMS: false });
    });

    it('records a printed test receipt (issue 24): anyone who may sell; the business then says when, and the activity log says it', async () => {
      const shop = await registerBusiness(api, { currency: 'USD' });
      expect(BusinessResponseSchema.parse((await shop.get('user/business')).json()).business.testReceiptPrintedAt).toBeNull();
      const cashier = await addStaff(api, shop, [{ action: ['create:invoice'], locations: [shop.locationId] }]);
      const printed = await cashier.post('user/business/test-receipt', {});
      expect(printed.statusCode).toBe(201);
      const at = BusinessResponseSchema.parse(printed.json()).business.testReceiptPrintedAt;
      expect(Date.now() - Date.parse(at!)).toBeLessThan(60_000);
      expect(BusinessResponseSchema.parse((await shop.get('user/business')).json()).business.testReceiptPrintedAt).toBe(at);
      expect(await countRows(db, `SELECT 1 FROM activities WHERE business_id = $1 AND description = 'Printed a test receipt'`, [shop.user.businessId])).toBe(1);
      const viewer = await addStaff(api, shop, [{ action: ['view:item'], locations: [] }]);
      expect((await viewer.post('user/business/test-receipt', {})).statusCode).toBe(403);
      expect((await api.request({ method: 'POST', url: '/api/v1/user/business/test-receipt', payload: {} })).statusCode).toBe(401);
    });

    it('lets an administrator update every field, merging printer and notification settings', async () => {
      const response = await owner.patch('user/business', {
        businessName: 'Kandy Traders',
        businessAddress: '12 Temple Road, Kandy',
        contactNumber: '+94 81 222 3333',
        businessEmail: 'hello@kandy.example',
        currency: 'LKR',
        inventoryValuationMethod: 'SELECT',
        printer: { footer1: 'Thank you', width: 58, printOnInvoice: true },
        notification: { customerEmail: true },
      });
      expect(response.statusCode).toBe(200);
      const { business } = BusinessResponseSchema.parse(response.json());
      expect(business).toMatchObject({ businessName: 'Kandy Traders', currency: 'LKR', inventoryValuationMethod: 'SELECT' });
      expect(business.printer).toMatchObject({ footer1: 'Thank you', width: 58, printOnInvoice: true, printCurrency: true });
      await owner.patch('user/business', { printer: { footer2: 'Come again' } });
      const again = BusinessResponseSchema.parse((await owner.get('user/business')).json()).business;
      expect(again.printer).toMatchObject({ footer1: 'Thank you', footer2: 'Come again', width: 58 });
      expect(again.notification.customerEmail).toBe(true);
      expect(
        await countRows(db, `SELECT 1 FROM activities WHERE business_id = $1 AND entity = 'Business'`, [owner.user.businessId]),
      ).toBe(2);
    });

    it('refuses a printer width under 46 with the specification\'s message, and changes nothing', async () => {
      const response = await owner.patch('user/business', { businessName: 'Never saved', printer: { width: 40 } });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors['printer.width']).toEqual(['Width must be at least 46 characters']);
      const currency = await owner.patch('user/business', { currency: 'EUR' });
      expect(currency.statusCode).toBe(400);
      expect(currency.json().fieldErrors.currency).toBeDefined();
      const { business } = BusinessResponseSchema.parse((await owner.get('user/business')).json());
      expect(business.businessName).toBe('Kandy Traders');
    });

    it('lets the currency change until money is recorded, then refuses with 409 and changes nothing', async () => {
      const shop = await registerBusiness(api, { currency: 'USD' });
      const before = BusinessResponseSchema.parse((await shop.get('user/business')).json()).business;
      expect(before.currencyLocked).toBe(false);
      const changed = await shop.patch('user/business', { currency: 'AUD' });
      expect(changed.statusCode).toBe(200);
      expect(BusinessResponseSchema.parse(changed.json()).business).toMatchObject({ currency: 'AUD', currencyLocked: false });

      // An item has a price but records no money yet; its first costed batch does.
      const item = await shop.post('user/inventory/add/simple/item', { itemName: `Soap ${unique()}`, price: '120' });
      expect(item.statusCode).toBe(201);
      expect((await shop.patch('user/business', { currency: 'MYR' })).statusCode).toBe(200);
      const itemId = item.json().item._id as string;
      const batch = await shop.post('user/inventory/add/batch', { itemID: itemId, locationID: shop.locationId, quantity: '5', cost: '80' });
      expect(batch.statusCode).toBe(201);

      const locked = BusinessResponseSchema.parse((await shop.get('user/business')).json()).business;
      expect(locked).toMatchObject({ currency: 'MYR', currencyLocked: true });
      const refused = await shop.patch('user/business', { businessName: 'Renamed with the currency', currency: 'GBP' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'CURRENCY_LOCKED', fieldErrors: { currency: [expect.stringContaining('MYR')] } });
      expect(refused.json().message).toContain('The currency stays MYR');
      const after = BusinessResponseSchema.parse((await shop.get('user/business')).json()).business;
      expect(after).toMatchObject({ currency: 'MYR', businessName: before.businessName });

      // Saving the whole form with the same currency is still fine.
      const same = await shop.patch('user/business', { currency: 'MYR', businessName: 'Same currency' });
      expect(same.statusCode).toBe(200);
      expect(BusinessResponseSchema.parse(same.json()).business).toMatchObject({ currency: 'MYR', currencyLocked: true, businessName: 'Same currency' });

      // A deleted batch still recorded money in that currency.
      const batchId = batch.json().item.batches[0]._id as string;
      await db.query(`UPDATE batches SET deleted_at = now() WHERE id = $1`, [batchId]);
      expect((await shop.patch('user/business', { currency: 'GBP' })).statusCode).toBe(409);
    });

    it('locks the currency just the same when the first money is a sale (on credit: an invoice, no transaction), an expense or capital', async () => {
      const firstMoney: [string, (shop: Caller & { locationId: string }) => Promise<void>][] = [
        [
          'a sale',
          async (shop) => {
            // Stock that cost nothing records no money: the currency may still change.
            const item = (await shop.post('user/inventory/add/simple/item', { itemName: `Tea ${unique()}`, price: '10' })).json().item;
            expect((await shop.post('user/inventory/add/batch', { itemID: item._id, locationID: shop.locationId, quantity: '5', cost: '0' })).statusCode).toBe(201);
            expect((await shop.patch('user/business', { currency: 'AUD' })).statusCode).toBe(200);
            const customer = (await shop.post('user/customer', { firstName: 'Kamal' })).json().customer;
            const sale = await shop.post('user/invoice', {
              locationID: shop.locationId,
              customer: customer._id,
              items: [{ itemID: item._id, quantity: '1' }],
              paymentMethod: 'Cash',
              paidAmount: '0',
              paymentDueDate: '2030-01-01T00:00:00Z',
            });
            expect(sale.statusCode).toBe(201);
            // All on credit: the invoice is the only record of money.
            expect(await countRows(db, `SELECT 1 FROM transactions WHERE business_id = $1`, [shop.user.businessId])).toBe(0);
          },
        ],
        ['an expense', async (shop) => expect((await shop.post('user/expense', { locationID: shop.locationId, amount: '5', category: 'Other' })).statusCode).toBe(201)],
        ['capital', async (shop) => expect((await shop.post('user/admin/capital', { locationID: shop.locationId, amount: '50' })).statusCode).toBe(201)],
      ];
      for (const [what, record] of firstMoney) {
        const shop = await registerBusiness(api, { currency: 'USD' });
        await record(shop);
        const { currency, currencyLocked } = BusinessResponseSchema.parse((await shop.get('user/business')).json()).business;
        expect([what, currencyLocked]).toEqual([what, true]);
        const refused = await shop.patch('user/business', { businessName: 'Renamed with the currency', currency: 'GBP' });
        expect([what, refused.statusCode, refused.json()]).toEqual([
          what,
          409,
          expect.objectContaining({ code: 'CURRENCY_LOCKED', message: expect.stringContaining(`The currency stays ${currency}`), fieldErrors: { currency: [expect.stringContaining(currency)] } }),
        ]);
        expect([what, BusinessResponseSchema.parse((await shop.get('user/business')).json()).business]).toEqual([
          what,
          expect.objectContaining({ currency, businessName: expect.not.stringContaining('Renamed') }),
        ]);
      }
    });

    it('refuses a contact number that is not a phone number, naming the field, and changes nothing', async () => {
      const refused = await owner.patch('user/business', { contactNumber: 'call the shop', businessName: 'Not saved' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors.contactNumber).toEqual([CONTACT_NUMBER_MESSAGE]);
      const { business } = BusinessResponseSchema.parse((await owner.get('user/business')).json());
      expect(business.contactNumber).toBe('+94 81 222 3333');
      const location = await owner.post('user/location', { name: `Kiosk ${unique()}`, contactNumber: '12' });
      expect(location.statusCode).toBe(400);
      expect(location.json().fieldErrors.contactNumber).toEqual([CONTACT_NUMBER_MESSAGE]);
      const patched = await owner.patch(`user/location/${owner.locationId}`, { contactNumber: '+94-81-ABC' });
      expect(patched.statusCode).toBe(400);
      expect((await owner.patch(`user/location/${owner.locationId}`, { contactNumber: '(081) 222 3333' })).statusCode).toBe(200);
    });

    it('staff may read it but not change it; without a session, 401', async () => {
      const staff = await addStaff(api, owner);
      expect((await staff.get('user/business')).statusCode).toBe(200);
      expect((await staff.patch('user/business', { businessName: 'Mine now' })).statusCode).toBe(403);
      expect((await api.request({ method: 'GET', url: '/api/v1/user/business' })).statusCode).toBe(401);
    });
  });

  describe('user/location', () => {
    it('creates and updates locations, refusing a second location of the same name with 409', async () => {
      const created = await owner.post('user/location', { name: 'Harbour Warehouse', address: 'Pier 3', canSell: false });
      expect(created.statusCode).toBe(201);
      expect(created.json().location).toMatchObject({ name: 'Harbour Warehouse', address: 'Pier 3', canSell: false, contactNumber: '' });
      const id = created.json().location._id as string;

      const duplicate = await owner.post('user/location', { name: 'harbour warehouse' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().fieldErrors.name).toEqual(['Another location already has that name.']);

      const updated = await owner.patch(`user/location/${id}`, { canSell: true, contactNumber: '011 555 0000' });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().location).toMatchObject({ canSell: true, contactNumber: '011 555 0000', name: 'Harbour Warehouse' });

      const bad = await owner.post('user/location', { name: '  ', canSell: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['canSell', 'name']);
      expect((await owner.patch('user/location/not-an-id', { name: 'X' })).statusCode).toBe(400);
    });

    it('lists the visible locations, filtered by `locations`, answering { data }', async () => {
      const second = (await owner.post('user/location', { name: `Branch ${unique()}` })).json().location._id as string;
      const all = LocationListResponseSchema.parse((await owner.get('user/location')).json()).data.map((l) => l._id);
      expect(all).toEqual(expect.arrayContaining([owner.locationId, second]));
      const filtered = LocationListResponseSchema.parse((await owner.get('user/location', { locations: second })).json());
      expect(filtered.data.map((l) => l._id)).toEqual([second]);

      // Staff see the union of their entries' locations; view:location with none listed means all.
      const scoped = await addStaff(api, owner, [{ action: ['view:item'], locations: [second] }]);
      const theirs = LocationListResponseSchema.parse((await scoped.get('user/location')).json()).data.map((l) => l._id);
      expect(theirs).toEqual([second]);
      const asked = LocationListResponseSchema.parse((await scoped.get('user/location', { locations: owner.locationId })).json());
      expect(asked.data).toEqual([]);
      const viewer = await addStaff(api, owner, [{ action: ['view:location'], locations: [] }]);
      expect(LocationListResponseSchema.parse((await viewer.get('user/location')).json()).data.length).toBe(all.length);
      const nobody = await addStaff(api, owner);
      expect(LocationListResponseSchema.parse((await nobody.get('user/location')).json()).data).toEqual([]);
    });

    it('needs create:location to create and update:location at that location to update', async () => {
      const staff = await addStaff(api, owner, [{ action: ['update:location'], locations: [owner.locationId] }]);
      expect((await staff.post('user/location', { name: `Stall ${unique()}` })).statusCode).toBe(403);
      expect((await staff.patch(`user/location/${owner.locationId}`, { address: 'Main Street 1' })).statusCode).toBe(200);
      const other = (await owner.post('user/location', { name: `Depot ${unique()}` })).json().location._id as string;
      const refused = await staff.patch(`user/location/${other}`, { address: 'Elsewhere' });
      expect(refused.statusCode).toBe(403);
      const [row] = await db.query(`SELECT address FROM locations WHERE id = $1`, [other]);
      expect(row.address).toBe('');
    });

    it('another business cannot read or change these locations', async () => {
      const stranger = await registerBusiness(api);
      const theirs = LocationListResponseSchema.parse((await stranger.get('user/location', { locations: owner.locationId })).json());
      expect(theirs.data).toEqual([]);
      const response = await stranger.patch(`user/location/${owner.locationId}`, { name: 'Taken over' });
      expect(response.statusCode).toBe(404);
      const [row] = await db.query(`SELECT name FROM locations WHERE id = $1`, [owner.locationId]);
      expect(row.name).not.toBe('Taken over');
    });
  });
});
