import { DataSource } from 'typeorm';
import { addStaff, registerBusiness, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Tax against real PostgreSQL (issue 21, rule 2): rates, the business's style, a location's
 * default and an item's or variant's own choice; sales, refunds and cancellations with tax; the
 * public page, profit and loss net of tax and the tax report.
 */
describe('tax (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_AUTH_PER_ADDRESS: '1000000' });
    db = api.api.app.get(DataSource);
  });
  afterAll(async () => {
    await api?.close();
  });

  const send = (caller: Caller, method: 'GET' | 'POST' | 'DELETE' | 'PATCH', path: string, payload?: unknown) =>
    api.request({ method, url: `/api/v1/${path}`, payload: payload as object | undefined, headers: { cookie: caller.cookie } });

  async function stocked(owner: Caller & { locationId: string }, item: Record<string, unknown>, quantity = '10') {
    const answer = await owner.post('user/inventory/add/simple/item', item);
    expect(answer.statusCode).toBe(201);
    const created = answer.json().item;
    expect((await owner.post('user/inventory/add/batch', { itemID: created._id, locationID: owner.locationId, quantity, cost: '1' })).statusCode).toBe(201);
    return created._id as string;
  }

  it('rates: administrators create, rename and delete them; bad rates, taken names, rates in use and other businesses’ rates are refused and change nothing', async () => {
    const owner = await registerBusiness(api);
    const created = await owner.post('user/tax-rate', { name: 'State tax', rate: '8.25' });
    expect(created.statusCode).toBe(201);
    const rate = created.json().taxRate;
    expect(rate).toMatchObject({ name: 'State tax', rate: '8.2500' });

    for (const [body, field] of [
      [{ name: 'Over', rate: '100.5' }, 'rate'],
      [{ name: 'Fine', rate: '1.23456' }, 'rate'],
      [{ name: 'Neg', rate: -1 }, 'rate'],
      [{ name: '', rate: '5' }, 'name'],
    ] as const) {
      const refused = await owner.post('user/tax-rate', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors[field]).toBeDefined();
    }
    const taken = await owner.post('user/tax-rate', { name: 'state TAX', rate: '5' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'TAX_RATE_NAME_TAKEN', fieldErrors: { name: ['Another tax rate already has that name.'] } });

    const staff = await addStaff(api, owner, [{ action: ['create:invoice'], locations: [owner.locationId] }]);
    expect((await staff.get('user/tax-rate')).json().data).toHaveLength(1);
    expect((await staff.post('user/tax-rate', { name: 'Sneaky', rate: '1' })).statusCode).toBe(403);

    const renamed = await send(owner, 'PATCH', `user/tax-rate/${rate._id}`, { rate: '8.875' });
    expect(renamed.json().taxRate.rate).toBe('8.8750');

    // In use by the location and an item: refused, naming who.
    expect((await send(owner, 'PATCH', `user/location/${owner.locationId}`, { taxRateID: rate._id })).json().location.taxRateID).toBe(rate._id);
    await stocked(owner, { itemName: 'Lamp', price: '10', taxRateID: rate._id });
    const inUse = await send(owner, 'DELETE', `user/tax-rate/${rate._id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('TAX_RATE_IN_USE');
    expect(inUse.json().message).toMatch(/default of .* and chosen by 1 item/);

    // Another business's rate is no rate at all to this one.
    const other = await registerBusiness(api);
    const theirs = (await other.post('user/tax-rate', { name: 'VAT', rate: '20' })).json().taxRate;
    const foreignItem = await owner.post('user/inventory/add/simple/item', { itemName: 'Foreign', price: '1', taxRateID: theirs._id });
    expect(foreignItem.statusCode).toBe(404);
    expect(foreignItem.json().fieldErrors.taxRateID).toEqual(['No such tax rate in your business.']);
    expect((await send(owner, 'PATCH', `user/location/${owner.locationId}`, { taxRateID: theirs._id })).statusCode).toBe(404);
    expect((await send(owner, 'PATCH', `user/tax-rate/${theirs._id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await send(owner, 'DELETE', `user/tax-rate/${theirs._id}`)).statusCode).toBe(404);
    const both = await owner.post('user/inventory/add/simple/item', { itemName: 'Both', price: '1', taxRateID: rate._id, taxExempt: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().fieldErrors.taxExempt).toEqual(['Choose a tax rate or exempt, not both.']);

    const spare = (await owner.post('user/tax-rate', { name: 'Spare', rate: '0' })).json().taxRate;
    expect((await send(owner, 'DELETE', `user/tax-rate/${spare._id}`)).statusCode).toBe(200);
    expect((await owner.get('user/tax-rate')).json().data.map((r: { name: string }) => r.name)).toEqual(['State tax']);
  });

  it('sales tax added: the location default, an exempt item and an item’s own rate; line taxes, the breakdown, the ledger, a refund and a cancellation exact', async () => {
    const owner = await registerBusiness(api, { currency: 'USD' });
    const state = (await owner.post('user/tax-rate', { name: 'State', rate: '8.25' })).json().taxRate;
    const reduced = (await owner.post('user/tax-rate', { name: 'Food', rate: '2.5' })).json().taxRate;
    await send(owner, 'PATCH', `user/location/${owner.locationId}`, { taxRateID: state._id });
    const lamp = await stocked(owner, { itemName: 'Lamp', price: '10' });
    const bread = await stocked(owner, { itemName: 'Bread', price: '3.99', taxRateID: reduced._id });
    const book = await stocked(owner, { itemName: 'Book', price: '7', taxExempt: true });

    const answer = await owner.post('user/invoice', {
      locationID: owner.locationId,
      items: [
        { itemID: lamp, quantity: '2' },
        { itemID: bread, quantity: '3' },
        { itemID: book, quantity: '1' },
      ],
      paymentMethod: 'Cash',
    });
    expect(answer.statusCode).toBe(201);
    const invoice = answer.json().invoice;
    // Lamp 20.00 x 8.25% = 1.65; bread 11.97 x 2.5% = 0.29925 -> 0.30; book exempt.
    expect(invoice.items.map((l: { taxName: string | null; taxRate: string; tax: string }) => [l.taxName, l.taxRate, l.tax])).toEqual([
      ['State', '8.2500', '1.6500'],
      ['Food', '2.5000', '0.3000'],
      [null, '0.0000', '0.0000'],
    ]);
    expect(invoice).toMatchObject({ pricesIncludeTax: false, totalAmount: '38.9700', totalTax: '1.9500', grandTotal: '40.9200', paidAmount: '40.9200', outstanding: '0.0000', netResult: '32.9700' });
    expect(invoice.taxes).toEqual([
      { name: 'State', rate: '8.25', taxable: '20.0000', tax: '1.6500' },
      { name: 'Food', rate: '2.5', taxable: '11.9700', tax: '0.3000' },
    ]);
    const [balance] = await db.query(`SELECT current_balance::text FROM locations WHERE id = $1`, [owner.locationId]);
    expect(balance.current_balance).toBe('40.9200');

    const page = await api.request({ method: 'GET', url: `/api/v1/public/invoice/${invoice.link}` });
    expect(page.json().invoice).toMatchObject({ totalTax: '1.9500', grandTotal: '40.9200', pricesIncludeTax: false, taxes: invoice.taxes });

    // A changed rate applies from then on: the invoice keeps what it was sold at.
    await send(owner, 'PATCH', `user/tax-rate/${state._id}`, { name: 'State 2027', rate: '9' });
    expect((await owner.get(`user/invoice/${invoice._id}`)).json().invoice.items[0]).toMatchObject({ taxName: 'State', taxRate: '8.2500', tax: '1.6500' });

    // Refund one lamp: 10.00 and its 0.825 -> 0.83 of tax back (tax on 20.00 was 1.65, on 10.00 it is 0.83: 0.82 back).
    const refund = await owner.post('user/invoice/refund', { invoiceID: invoice._id, items: [{ lineID: invoice.items[0]._id, quantity: '1' }] });
    expect(refund.statusCode).toBe(201);
    expect(refund.json().invoice).toMatchObject({ totalTax: '1.1300', grandTotal: '30.1000', paidAmount: '30.1000' });
    const [{ amount }] = await db.query(`SELECT amount::text FROM transactions WHERE invoice_id = $1 AND transaction_type = 'Refund'`, [invoice._id]);
    expect(amount).toBe('-10.8200');

    const report = (await owner.get('user/report/tax', { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z' })).json().report;
    expect(report.rows).toEqual([
      { locationID: owner.locationId, taxRateID: reduced._id, name: 'Food', rate: '2.5000', taxable: '11.9700', tax: '0.3000', invoices: 1 },
      { locationID: owner.locationId, taxRateID: state._id, name: 'State', rate: '8.2500', taxable: '10.0000', tax: '0.8300', invoices: 1 },
    ]);
    expect(report).toMatchObject({ totalTaxable: '21.9700', totalTax: '1.1300' });
    const pl = (await owner.get('user/report/profit-loss', { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z' })).json().report;
    expect(pl).toMatchObject({ revenue: '28.9700', taxCollected: '1.1300', costOfGoodsSold: '5.0000', grossProfit: '23.9700' });

    // One meaning per word (issue 22, rule 3): the dashboard's today and profit and loss's today agree.
    expect((await owner.post('user/expense', { locationID: owner.locationId, amount: '4.50', category: 'Rent' })).statusCode).toBe(201);
    const today = (await owner.get('user/report/summary')).json().summary;
    const todays = (await owner.get('user/report/profit-loss')).json().report;
    expect([today.sales, today.expenses]).toEqual([todays.revenue, todays.totalExpenses]);
    expect([today.sales, today.expenses]).toEqual(['28.9700', '4.5000']);

    const cancelled = await send(owner, 'DELETE', `user/invoice/${invoice._id}`);
    expect(cancelled.statusCode).toBe(200);
    const [after] = await db.query(`SELECT current_balance::text FROM locations WHERE id = $1`, [owner.locationId]);
    expect(after.current_balance).toBe('-4.5000'); // the rent stays paid;
    const empty = (await owner.get('user/report/tax', { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z' })).json().report;
    expect(empty).toMatchObject({ rows: [], totalTax: '0.0000' });
    expect((await owner.get('user/report/profit-loss', { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z' })).json().report).toMatchObject({ revenue: '0.0000', taxCollected: '0.0000' });
  });

  it('VAT included: the price holds its tax, a variant takes its own rate over its item’s, and the invoice’s style stays as sold', async () => {
    const owner = await registerBusiness(api, { currency: 'GBP' });
    expect((await send(owner, 'PATCH', 'user/business', { pricesIncludeTax: true })).json().business.pricesIncludeTax).toBe(true);
    const vat = (await owner.post('user/tax-rate', { name: 'VAT', rate: '20' })).json().taxRate;
    const reduced = (await owner.post('user/tax-rate', { name: 'Reduced', rate: '5' })).json().taxRate;
    const size = (await owner.post('user/attribute/add', { name: 'Size', values: ['S', 'L'] })).json().attribute;
    const values = size.values.map((value: { _id: string }) => value._id);
    const shirt = await owner.post('user/inventory/variant/item', {
      itemName: 'Shirt',
      taxRateID: vat._id,
      variants: [
        { attributes: [values[0]], price: '12' },
        { attributes: [values[1]], price: '2.10', taxRateID: reduced._id },
      ],
    });
    expect(shirt.statusCode).toBe(201);
    const [small, large] = shirt.json().item.subItems;
    expect(large).toMatchObject({ taxRateID: reduced._id, taxExempt: false });
    for (const variant of [small, large]) {
      expect((await owner.post('user/inventory/add/batch', { itemID: variant._id, locationID: owner.locationId, quantity: '5', cost: '1' })).statusCode).toBe(201);
    }
    const answer = await owner.post('user/invoice', {
      locationID: owner.locationId,
      items: [
        { itemID: small._id, quantity: '1' },
        { itemID: large._id, quantity: '1' },
      ],
      paymentMethod: 'Card',
    });
    expect(answer.statusCode).toBe(201);
    const invoice = answer.json().invoice;
    // 12.00 holds 2.00 of VAT; 2.10 at 5% holds 0.10.
    expect(invoice).toMatchObject({ pricesIncludeTax: true, grandTotal: '14.1000', totalTax: '2.1000', paidAmount: '14.1000', netResult: '10.0000' });
    expect(invoice.taxes).toEqual([
      { name: 'VAT', rate: '20', taxable: '10.0000', tax: '2.0000' },
      { name: 'Reduced', rate: '5', taxable: '2.0000', tax: '0.1000' },
    ]);
    // The business changes style: this invoice keeps its own.
    await send(owner, 'PATCH', 'user/business', { pricesIncludeTax: false });
    expect((await owner.get(`user/invoice/${invoice._id}`)).json().invoice).toMatchObject({ pricesIncludeTax: true, grandTotal: '14.1000', totalTax: '2.1000' });
    const pl = (await owner.get('user/report/profit-loss', { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z' })).json().report;
    expect(pl).toMatchObject({ revenue: '12.0000', taxCollected: '2.1000' });
    // The list shows a change of the tax choice alone (its item card is rebuilt).
    const listed = async () => (await owner.get('user/inventory/list')).json().items.find((item: { _id: string }) => item._id === shirt.json().item._id).subItems[1];
    expect(await listed()).toMatchObject({ taxRateID: reduced._id, taxExempt: false });
    await send(owner, 'PATCH', 'user/inventory/variant', { _id: large._id, taxRateID: vat._id });
    expect(await listed()).toMatchObject({ taxRateID: vat._id, taxExempt: false });
    // A variant set exempt, then back to its item's rate.
    expect((await send(owner, 'PATCH', 'user/inventory/variant', { _id: large._id, taxExempt: true })).json().item.subItems[1]).toMatchObject({ taxRateID: null, taxExempt: true });
    expect((await send(owner, 'PATCH', 'user/inventory/variant', { _id: large._id, taxExempt: false })).json().item.subItems[1]).toMatchObject({ taxRateID: null, taxExempt: false });
  });
});
