import { DataSource } from 'typeorm';
import { refusalWords } from '@stockbook/domain';
import { addStaff, registerBusiness, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Sales against real PostgreSQL (issue 14): invoices drawing stock through the stock service,
 * payments, refunds, cancellation, numbering and idempotency under concurrency, the public page.
 */
describe('sales: invoices (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_AUTH_PER_ADDRESS: '1000000' });
    db = api.api.app.get(DataSource);
  });
  afterAll(async () => {
    await api?.close();
  });

  const send = (caller: Caller | null, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: unknown, headers: Record<string, string> = {}) =>
    api.request({ method, url: `/api/v1/${path}`, payload: payload as object | undefined, headers: { ...(caller ? { cookie: caller.cookie } : {}), ...headers } });

  /** A business (method given) with an item holding batches at its first location: [quantity, cost, dateAdded]. */
  async function shop(method: 'FIFO' | 'LIFO' | 'AVCO' | 'SELECT', batches: [string, string, string][], price = '10') {
    const owner = await registerBusiness(api, { inventoryValuationMethod: method });
    const item = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price })).json().item;
    for (const [quantity, cost, dateAdded] of batches) {
      const answer = await owner.post('user/inventory/add/batch', { itemID: item._id, locationID: owner.locationId, quantity, cost, dateAdded });
      expect(answer.statusCode).toBe(201);
    }
    const batchIds = (await db.query(`SELECT id FROM batches WHERE item_id = $1 ORDER BY date_added`, [item._id])).map((row: { id: string }) => row.id);
    return { owner, itemId: item._id as string, batchIds: batchIds as string[] };
  }
  const sold = async (batchIds: string[]) =>
    (await db.query(`SELECT id, quantity_sold::text FROM batches WHERE id = ANY($1::uuid[])`, [batchIds])).reduce(
      (all: Record<string, string>, row: { id: string; quantity_sold: string }) => ({ ...all, [row.id]: row.quantity_sold }),
      {},
    );
  const sale = (owner: Caller & { locationId: string }, itemID: string, quantity: string, extra: Record<string, unknown> = {}) =>
    send(owner, 'POST', 'user/invoice', { locationID: owner.locationId, items: [{ itemID, quantity }], paymentMethod: 'Cash', ...extra });

  it('FIFO: draws oldest first, costs each draw at its batch, totals exactly, moves the money book', async () => {
    const { owner, itemId, batchIds } = await shop('FIFO', [
      ['3', '1', '2026-01-01T00:00:00Z'],
      ['5', '2', '2026-01-02T00:00:00Z'],
    ]);
    const answer = await send(owner, 'POST', 'user/invoice', {
      locationID: owner.locationId,
      items: [{ itemID: itemId, quantity: '4', discount: '1' }],
      paymentMethod: 'Cash',
    });
    expect(answer.statusCode).toBe(201);
    const invoice = answer.json().invoice;
    expect(invoice).toMatchObject({
      invoiceNumber: 1,
      totalAmount: '40.0000',
      totalDiscount: '4.0000',
      grandTotal: '36.0000',
      totalQuantity: '4.000',
      totalCost: '5.0000',
      netResult: '31.0000',
      paidAmount: '36.0000',
      settled: true,
      credit: false,
    });
    expect(invoice.items[0].batch).toEqual([
      { batchID: batchIds[0], quantity: '3.000', cost: '1.0000', returned: '0.000' },
      { batchID: batchIds[1], quantity: '1.000', cost: '2.0000', returned: '0.000' },
    ]);
    expect(await sold(batchIds)).toEqual({ [batchIds[0]!]: '3.000', [batchIds[1]!]: '1.000' });
    const [location] = await db.query(`SELECT current_balance::text, credit_balance::text FROM locations WHERE id = $1`, [owner.locationId]);
    expect(location).toEqual({ current_balance: '36.0000', credit_balance: '0.0000' });
    const item = (await owner.get(`user/inventory/item/${itemId}`)).json().item;
    expect(item.totalQuantity).toBe('4.000');
    expect(invoice.link).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('LIFO draws newest first; AVCO draws oldest first at the average cost; SELECT takes the method per line', async () => {
    const lifo = await shop('LIFO', [
      ['3', '1', '2026-01-01T00:00:00Z'],
      ['5', '2', '2026-01-02T00:00:00Z'],
    ]);
    const l = (await sale(lifo.owner, lifo.itemId, '6')).json().invoice;
    expect(l.items[0].batch.map((d: { batchID: string; quantity: string }) => [d.batchID, d.quantity])).toEqual([
      [lifo.batchIds[1], '5.000'],
      [lifo.batchIds[0], '1.000'],
    ]);
    expect(l.totalCost).toBe('11.0000');

    const avco = await shop('AVCO', [
      ['3', '1', '2026-01-01T00:00:00Z'],
      ['5', '2', '2026-01-02T00:00:00Z'],
    ]);
    const a = (await sale(avco.owner, avco.itemId, '4')).json().invoice;
    // Average (3 x 1 + 5 x 2) / 8 = 1.625.
    expect(a.items[0].batch).toEqual([
      { batchID: avco.batchIds[0], quantity: '3.000', cost: '1.6250', returned: '0.000' },
      { batchID: avco.batchIds[1], quantity: '1.000', cost: '1.6250', returned: '0.000' },
    ]);
    expect(a.totalCost).toBe('6.5000');

    const select = await shop('SELECT', [
      ['3', '1', '2026-01-01T00:00:00Z'],
      ['5', '2', '2026-01-02T00:00:00Z'],
    ]);
    const missing = await sale(select.owner, select.itemId, '1');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'METHOD_REQUIRED', fieldErrors: { 'items.0.stockValuationMethod': [expect.any(String)] } });
    const s = await send(select.owner, 'POST', 'user/invoice', {
      locationID: select.owner.locationId,
      items: [
        { itemID: select.itemId, quantity: '1', stockValuationMethod: 'LIFO' },
        { itemID: select.itemId, quantity: '1', stockValuationMethod: 'FIFO' },
      ],
      paymentMethod: 'Card',
    });
    expect(s.statusCode).toBe(201);
    expect(s.json().invoice.items.map((line: { batch: { batchID: string }[] }) => line.batch[0]!.batchID)).toEqual([select.batchIds[1], select.batchIds[0]]);
  });

  it("names each line's categories (its item's) and attribute values (its own), in order, in the sale's answer and its read", async () => {
    const owner = await registerBusiness(api);
    const [drinks, hot] = [
      (await owner.post('user/category/add', { name: 'Drinks' })).json().category._id,
      (await owner.post('user/category/add', { name: 'Hot' })).json().category._id,
    ];
    const size = (await owner.post('user/attribute/add', { name: 'Size', values: ['Small', 'Large'] })).json().attribute;
    const milk = (await owner.post('user/attribute/add', { name: 'Milk', values: ['Oat'] })).json().attribute;
    const value = (attribute: { values: { _id: string; value: string }[] }, name: string) => attribute.values.find((v) => v.value === name)!._id;
    const tea = (await owner.post('user/inventory/variant/item', {
      itemName: 'Tea',
      categories: [hot, drinks],
      variants: [{ attributes: [value(size, 'Large'), value(milk, 'Oat')], price: '3' }],
    })).json().item;
    const large = tea.subItems[0]._id;
    const soap = (await owner.post('user/inventory/add/simple/item', { itemName: 'Soap', price: '1' })).json().item._id;
    for (const itemID of [large, soap]) await owner.post('user/inventory/add/batch', { itemID, locationID: owner.locationId, quantity: '5', cost: '1' });
    const answer = await sale(owner, large, '1', { items: [{ itemID: large, quantity: '1' }, { itemID: soap, quantity: '2' }] });
    expect(answer.statusCode).toBe(201);
    const expected = [
      {
        category: [{ _id: drinks, name: 'Drinks' }, { _id: hot, name: 'Hot' }],
        attributes: [
          { _id: value(milk, 'Oat'), value: 'Oat', attribute: { _id: milk._id, name: 'Milk' } },
          { _id: value(size, 'Large'), value: 'Large', attribute: { _id: size._id, name: 'Size' } },
        ],
      },
      { category: [], attributes: [] },
    ];
    const shown = (invoice: { items: { category: unknown; attributes: unknown }[] }) => invoice.items.map(({ category, attributes }) => ({ category, attributes }));
    expect(shown(answer.json().invoice)).toEqual(expected);
    expect(shown((await send(owner, 'GET', `user/invoice/${answer.json().invoice._id}`)).json().invoice)).toEqual(expected);
  });

  it("a sale's answer is the invoice as read afterwards, field for field: customer, seller, taxed lines with categories, attributes and draws, split payments with change", async () => {
    const owner = await registerBusiness(api);
    const rate = (await owner.post('user/tax-rate', { name: 'VAT', rate: '8.25' })).json().taxRate;
    const drinks = (await owner.post('user/category/add', { name: 'Drinks' })).json().category._id;
    const size = (await owner.post('user/attribute/add', { name: 'Size', values: ['Large'] })).json().attribute;
    const tea = (await owner.post('user/inventory/variant/item', {
      itemName: 'Tea',
      categories: [drinks],
      taxRateID: rate._id,
      variants: [{ attributes: [size.values[0]._id], price: '3.10' }],
    })).json().item;
    const large = tea.subItems[0]._id;
    const soap = (await owner.post('user/inventory/add/simple/item', { itemName: 'Soap', price: '1.25' })).json().item._id;
    await owner.post('user/inventory/add/batch', { itemID: large, locationID: owner.locationId, quantity: '2', cost: '1', dateAdded: '2026-01-01T00:00:00Z' });
    await owner.post('user/inventory/add/batch', { itemID: large, locationID: owner.locationId, quantity: '5', cost: '1.5', dateAdded: '2026-01-02T00:00:00Z' });
    await owner.post('user/inventory/add/batch', { itemID: soap, locationID: owner.locationId, quantity: '9', cost: '0.4' });
    const customer = (await owner.post('user/customer', { firstName: 'Kamala', lastName: 'Silva', email: 'kamala@example.com', contactNumber: '0771 234 567', address: '1 Galle Road' })).json().customer;
    const answer = await send(owner, 'POST', 'user/invoice', {
      locationID: owner.locationId,
      customer: customer._id,
      items: [{ itemID: large, quantity: '3', discount: '0.1' }, { itemID: soap, quantity: '2', price: '1.5' }],
      paymentMethod: 'Cash',
      payments: [{ paymentMethod: 'Cash', amount: '5', tendered: '20' }, { paymentMethod: 'Card', amount: '2' }],
      paymentDueDate: '2030-01-01T00:00:00Z',
    });
    expect([answer.statusCode, answer.statusCode === 201 ? '' : answer.body]).toEqual([201, '']);
    const invoice = answer.json().invoice;
    expect(invoice).toMatchObject({
      customer: { _id: customer._id, email: 'kamala@example.com', address: '1 Galle Road' },
      items: [{ category: [{ _id: drinks }], attributes: [{ value: 'Large' }], taxName: 'VAT', batch: [{ quantity: '2.000' }, { quantity: '1.000' }] }, { price: '1.5000', taxRate: '0.0000' }],
      payments: [{ change: '15.0000' }, { paymentMethod: 'Card' }],
    });
    expect(invoice.outstanding).not.toBe('0.0000');
    expect((await send(owner, 'GET', `user/invoice/${invoice._id}`)).json().invoice).toEqual(invoice);
    // And as a seller who may not see costs: the answer hides them as the read does.
    const seller = await addStaff(api, owner, [{ action: ['create:invoice', 'view:invoice'], locations: [] }]);
    const theirs = (await send(seller, 'POST', 'user/invoice', { locationID: owner.locationId, items: [{ itemID: soap, quantity: '1' }], paymentMethod: 'Cash' })).json().invoice;
    expect(theirs.totalCost).toBeUndefined();
    expect((await send(seller, 'GET', `user/invoice/${theirs._id}`)).json().invoice).toEqual(theirs);
  });

  it('refuses an oversell with 409 naming the item, asked and on hand, and writes nothing', async () => {
    const { owner, itemId, batchIds } = await shop('FIFO', [['2', '1', '2026-01-01T00:00:00Z']]);
    const before = await db.query(`SELECT (SELECT count(*) FROM invoices) AS invoices, (SELECT count(*) FROM transactions) AS transactions`);
    const answer = await sale(owner, itemId, '3');
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', fieldErrors: { 'items.0.quantity': [expect.stringMatching(/Tea.*3\.000 asked, 2\.000 on hand/)] } });
    expect(await sold(batchIds)).toEqual({ [batchIds[0]!]: '0.000' });
    expect(await db.query(`SELECT (SELECT count(*) FROM invoices) AS invoices, (SELECT count(*) FROM transactions) AS transactions`)).toEqual(before);
  });

  it('50 concurrent sales of the last 10 units: exactly 10 succeed and no batch oversells', async () => {
    const { owner, itemId, batchIds } = await shop('FIFO', [
      ['4', '1', '2026-01-01T00:00:00Z'],
      ['6', '1', '2026-01-02T00:00:00Z'],
    ]);
    const answers = await Promise.all(Array.from({ length: 50 }, () => sale(owner, itemId, '1')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    expect(await sold(batchIds)).toEqual({ [batchIds[0]!]: '4.000', [batchIds[1]!]: '6.000' });
    const numbers = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().invoice.invoiceNumber).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  }, 60_000);

  it('20 concurrent invoices get 20 distinct consecutive numbers', async () => {
    // Each sells an item of its own, so no batch lock orders them: only the numbering can.
    const { owner } = await shop('FIFO', []);
    const items: string[] = [];
    for (let index = 0; index < 20; index++) {
      const item = (await owner.post('user/inventory/add/simple/item', { itemName: `Tea ${index}`, price: '10' })).json().item._id;
      await owner.post('user/inventory/add/batch', { itemID: item, locationID: owner.locationId, quantity: '5', cost: '1' });
      items.push(item);
    }
    const answers = await Promise.all(items.map((item) => sale(owner, item, '1')));
    expect(answers.filter((answer) => answer.statusCode !== 201).map((answer) => answer.body)).toEqual([]);
    const numbers = answers.map((answer) => answer.json().invoice.invoiceNumber).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  }, 60_000);

  it('a sale retried with the same Idempotency-Key (even concurrently) writes one invoice and answers the first answer', async () => {
    const { owner, itemId, batchIds } = await shop('FIFO', [['10', '1', '2026-01-01T00:00:00Z']]);
    const body = { locationID: owner.locationId, items: [{ itemID: itemId, quantity: '1' }], paymentMethod: 'Cash' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(owner, 'POST', 'user/invoice', body, { 'idempotency-key': 'sale-1' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json().invoice._id)).size).toBe(1);
    const again = await send(owner, 'POST', 'user/invoice', body, { 'idempotency-key': 'sale-1' });
    expect(again.json().invoice._id).toBe(answers[0]!.json().invoice._id);
    expect(await sold(batchIds)).toEqual({ [batchIds[0]!]: '1.000' });
    const other = await send(owner, 'POST', 'user/invoice', { ...body, items: [{ itemID: itemId, quantity: '2' }] }, { 'idempotency-key': 'sale-1' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('a location that does not sell (canSell false) refuses a sale with 409 and writes nothing; its stock still leaves by transfer', async () => {
    const { owner, itemId, batchIds } = await shop('FIFO', [['5', '1', '2026-01-01T00:00:00Z']]);
    const warehouse = (await owner.post('user/location', { name: 'Harbour Warehouse', canSell: false })).json().location;
    const stocked = await owner.post('user/inventory/add/batch', { itemID: itemId, locationID: warehouse._id, quantity: '3', cost: '1' });
    expect(stocked.statusCode).toBe(201);
    const before = await db.query(`SELECT (SELECT count(*) FROM invoices) AS invoices, (SELECT count(*) FROM transactions) AS transactions, (SELECT sum(quantity_sold)::text FROM batches WHERE item_id = $1) AS sold`, [itemId]);

    const answer = await send(owner, 'POST', 'user/invoice', { locationID: warehouse._id, items: [{ itemID: itemId, quantity: '1' }], paymentMethod: 'Cash' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      code: 'LOCATION_NOT_SELLING',
      message: 'Harbour Warehouse does not sell: choose a selling location, or move the stock there with a transfer.',
      fieldErrors: { locationID: ['Harbour Warehouse does not sell: choose a selling location, or move the stock there with a transfer.'] },
    });
    expect(await db.query(`SELECT (SELECT count(*) FROM invoices) AS invoices, (SELECT count(*) FROM transactions) AS transactions, (SELECT sum(quantity_sold)::text FROM batches WHERE item_id = $1) AS sold`, [itemId])).toEqual(before);

    const moved = await owner.post('user/transfer', { itemID: itemId, sourceLocationID: warehouse._id, destinationLocationID: owner.locationId, transferQuantity: '2' });
    expect(moved.statusCode).toBe(201);
    expect((await sale(owner, itemId, '1')).statusCode).toBe(201);
    expect(batchIds).toHaveLength(1);
  });

  it('Credit with no amount received is paid 0 and asks a due date; with one, all of it is outstanding and no money moves', async () => {
    const { owner, itemId } = await shop('FIFO', [['5', '1', '2026-01-01T00:00:00Z']]);
    const noDueDate = await sale(owner, itemId, '2', { paymentMethod: 'Credit' });
    expect(noDueDate.statusCode).toBe(400);
    expect(noDueDate.json().code).toBe('DUE_DATE_REQUIRED');
    const created = await sale(owner, itemId, '2', { paymentMethod: 'Credit', paymentDueDate: '2026-12-01T00:00:00Z' });
    expect(created.statusCode).toBe(201);
    expect(created.json().invoice).toMatchObject({ paymentMethod: 'Credit', grandTotal: '20.0000', paidAmount: '0.0000', outstanding: '20.0000', settled: false, credit: true });
    const [location] = await db.query(`SELECT current_balance::text, credit_balance::text FROM locations WHERE id = $1`, [owner.locationId]);
    expect(location).toEqual({ current_balance: '0.0000', credit_balance: '20.0000' });
  });

  it('split payments: cash with tendered and change, then card; each payment on the invoice and the public page, each its own Sale in the ledger, the till counted apart', async () => {
    const { owner, itemId } = await shop('FIFO', [['10', '1', '2026-01-01T00:00:00Z']], '32.97');
    const answer = await sale(owner, itemId, '2', {
      payments: [
        { paymentMethod: 'Cash', amount: '20', tendered: '50' },
        { paymentMethod: 'Card', amount: '45.94' },
      ],
    });
    expect(answer.statusCode).toBe(201);
    const invoice = answer.json().invoice;
    expect(invoice).toMatchObject({ paymentMethod: 'Cash', grandTotal: '65.9400', paidAmount: '65.9400', outstanding: '0.0000', settled: true });
    expect(invoice.payments).toMatchObject([
      { paymentMethod: 'Cash', amount: '20.0000', tendered: '50.0000', change: '30.0000', atSale: true },
      { paymentMethod: 'Card', amount: '45.9400', tendered: null, change: null, atSale: true },
    ]);
    const ledger = (await owner.get(`user/transaction?locations=${owner.locationId}`)).json();
    expect(ledger.transactions.map((t: { transactionType: string; paymentMethod: string; amount: string }) => [t.transactionType, t.paymentMethod, t.amount])).toEqual([
      ['Sale', 'Card', '45.9400'],
      ['Sale', 'Cash', '20.0000'],
    ]);
    expect(ledger.balances[0]).toMatchObject({ currentBalance: '65.9400' }); // the change is handed back, never income
    const cash = (await owner.get(`user/transaction?locations=${owner.locationId}&money=cash`)).json().transactions;
    const other = (await owner.get(`user/transaction/paginated?locations=${owner.locationId}&money=other`)).json();
    expect(cash.map((t: { amount: string }) => t.amount)).toEqual(['20.0000']);
    expect([other.total, other.transactions.map((t: { amount: string }) => t.amount)]).toEqual([1, ['45.9400']]);
    expect((await owner.get('user/transaction?money=coins')).statusCode).toBe(400);
    const page = (await send(null, 'GET', `public/invoice/${invoice.link}`)).json();
    expect(page.invoice.payments).toMatchObject([
      { paymentMethod: 'Cash', amount: '20.0000', tendered: '50.0000', change: '30.0000' },
      { paymentMethod: 'Card', amount: '45.9400' },
    ]);

    // Money back goes the way it came, the method received last first: the card, then cash.
    const lineID = invoice.items[0]._id;
    const refund = await send(owner, 'POST', 'user/invoice/refund', { invoiceID: invoice._id, items: [{ lineID, quantity: '1.5' }] });
    expect(refund.statusCode).toBe(201);
    const cancel = await send(owner, 'DELETE', `user/invoice/${invoice._id}`);
    expect(cancel.statusCode).toBe(200);
    const byMethod = await db.query(
      `SELECT payment_method, transaction_type, amount::text FROM transactions WHERE invoice_id = $1 AND transaction_type = 'Refund' ORDER BY created_at, id`,
      [invoice._id],
    );
    expect(byMethod).toEqual([
      { payment_method: 'Card', transaction_type: 'Refund', amount: '-45.9400' },
      { payment_method: 'Cash', transaction_type: 'Refund', amount: '-3.5100' },
      { payment_method: 'Cash', transaction_type: 'Refund', amount: '-16.4900' },
    ]);
    const held = await db.query(`SELECT payment_method, sum(amount)::text AS net FROM transactions WHERE invoice_id = $1 GROUP BY payment_method ORDER BY payment_method`, [invoice._id]);
    expect(held).toEqual([
      { payment_method: 'Card', net: '0.0000' },
      { payment_method: 'Cash', net: '0.0000' },
    ]);
  });

  it('refuses bad payments with a field error and writes nothing: Credit as a payment, tendered below the amount or for a card, over the total, both forms at once, a method that disagrees', async () => {
    const { owner, itemId, batchIds } = await shop('FIFO', [['10', '1', '2026-01-01T00:00:00Z']]);
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ payments: [{ paymentMethod: 'Credit', amount: '5' }] }, 400, 'VALIDATION_FAILED', 'payments.0.paymentMethod'],
      [{ payments: [{ paymentMethod: 'Cash', amount: '20', tendered: '19.99' }] }, 400, 'INVALID_AMOUNT', 'payments.0.tendered'],
      [{ paymentMethod: 'Card', payments: [{ paymentMethod: 'Card', amount: '20', tendered: '25' }] }, 400, 'INVALID_AMOUNT', 'payments.0.tendered'],
      [{ payments: [{ paymentMethod: 'Cash', amount: '0' }] }, 400, 'INVALID_AMOUNT', 'payments.0.amount'],
      [{ payments: [{ paymentMethod: 'Cash', amount: '15' }, { paymentMethod: 'Card', amount: '5.01' }] }, 409, 'OVER_PAYMENT', 'payments'],
      [{ payments: [{ paymentMethod: 'Cash', amount: '15' }] }, 400, 'DUE_DATE_REQUIRED', 'paymentDueDate'],
      [{ paidAmount: '20', payments: [{ paymentMethod: 'Cash', amount: '20' }] }, 400, 'VALIDATION_FAILED', 'paidAmount'],
      [{ paymentMethod: 'Card', payments: [{ paymentMethod: 'Cash', amount: '20' }] }, 400, 'VALIDATION_FAILED', 'paymentMethod'],
      [{ paymentMethod: 'Credit', paidAmount: '5', paymentDueDate: '2026-12-01T00:00:00Z' }, 400, 'INVALID_AMOUNT', 'paymentMethod'],
    ];
    for (const [extra, status, code, field] of cases) {
      const refused = await sale(owner, itemId, '2', { paymentMethod: 'Cash', ...extra });
      expect([JSON.stringify(extra), refused.statusCode, refused.json().code, Object.keys(refused.json().fieldErrors ?? {})]).toEqual([JSON.stringify(extra), status, code, [field]]);
    }
    expect(await db.query(`SELECT count(*)::int AS n FROM invoices WHERE location_id = $1`, [owner.locationId])).toEqual([{ n: 0 }]);
    expect(await sold(batchIds)).toEqual({ [batchIds[0]!]: '0.000' });
    expect(await db.query(`SELECT count(*)::int AS n FROM transactions WHERE location_id = $1`, [owner.locationId])).toEqual([{ n: 0 }]);
    // Nothing received now: an empty list, the whole sale outstanding under the method given.
    const none = await sale(owner, itemId, '2', { paymentMethod: 'Credit', payments: [], paymentDueDate: '2026-12-01T00:00:00Z' });
    expect(none.statusCode).toBe(201);
    expect(none.json().invoice).toMatchObject({ paymentMethod: 'Credit', paidAmount: '0.0000', outstanding: '20.0000', payments: [] });
    // A later payment names how it came: Credit is not one.
    const credit = await send(owner, 'POST', 'user/invoice/add-payment', { invoiceID: none.json().invoice._id, amount: '5', paymentMethod: 'Credit' });
    expect([credit.statusCode, Object.keys(credit.json().fieldErrors)]).toEqual([400, ['paymentMethod']]);
  });

  it('payments settle a credit invoice; refunds return stock to the very batches; cancel reverses everything', async () => {
    const { owner, itemId, batchIds } = await shop('FIFO', [
      ['2', '1', '2026-01-01T00:00:00Z'],
      ['5', '3', '2026-01-02T00:00:00Z'],
    ]);
    const customer = (await owner.post('user/customer', { firstName: 'Nimal', email: 'nimal@example.com' })).json().customer;
    const noDueDate = await sale(owner, itemId, '4', { paidAmount: '10', customer: customer._id });
    expect(noDueDate.statusCode).toBe(400);
    expect(noDueDate.json().code).toBe('DUE_DATE_REQUIRED');
    const created = await sale(owner, itemId, '4', { paidAmount: '10', customer: customer._id, paymentDueDate: '2026-12-01T00:00:00Z' });
    const invoice = created.json().invoice;
    expect(invoice).toMatchObject({ grandTotal: '40.0000', paidAmount: '10.0000', outstanding: '30.0000', settled: false, credit: true });
    let [location] = await db.query(`SELECT current_balance::text, credit_balance::text FROM locations WHERE id = $1`, [owner.locationId]);
    expect(location).toEqual({ current_balance: '10.0000', credit_balance: '30.0000' });

    const over = await send(owner, 'POST', 'user/invoice/add-payment', { invoiceID: invoice._id, amount: '30.01', paymentMethod: 'Cash' });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('OVER_PAYMENT');
    const paid = await send(owner, 'POST', 'user/invoice/add-payment', { invoiceID: invoice._id, amount: '30', paymentMethod: 'Bank_Transfer' });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().invoice).toMatchObject({ paidAmount: '40.0000', outstanding: '0.0000', settled: true, credit: false, payments: [{ amount: '10.0000', paymentMethod: 'Cash', atSale: true }, { amount: '30.0000', paymentMethod: 'Bank_Transfer', atSale: false }] });

    const lineID = invoice.items[0]._id;
    const overRefund = await send(owner, 'POST', 'user/invoice/refund', { invoiceID: invoice._id, items: [{ lineID, quantity: '5' }] });
    expect(overRefund.statusCode).toBe(409);
    expect(overRefund.json().code).toBe('OVER_REFUND');
    // Drawn 2 from the first batch, 2 from the second: a refund of 3 returns the second's 2, then 1 of the first.
    const refunded = await send(owner, 'POST', 'user/invoice/refund', { invoiceID: invoice._id, items: [{ lineID, quantity: '3' }] });
    expect(refunded.statusCode).toBe(201);
    expect(refunded.json().invoice).toMatchObject({
      refunded: false,
      partiallyRefunded: true,
      grandTotal: '10.0000',
      paidAmount: '10.0000',
      totalCost: '1.0000',
      items: [{ quantity: '1.000', soldQuantity: '4.000', refundedQuantity: '3.000' }],
      sold: { grandTotal: '40.0000', totalCost: '8.0000' },
      creditNotes: [{ creditNoteNumber: 1, grandTotal: '30.0000', totalCost: '7.0000', amountPaidBack: '30.0000', items: [{ lineID, quantity: '3.000' }] }],
    });
    expect(await sold(batchIds)).toEqual({ [batchIds[0]!]: '1.000', [batchIds[1]!]: '0.000' });
    expect((await owner.get('user/customer')).json().customers[0].totalPurchased).toBe('10.0000');

    const cancelled = await send(owner, 'DELETE', `user/invoice/${invoice._id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().invoice.deletedAt).not.toBeNull();
    expect(await sold(batchIds)).toEqual({ [batchIds[0]!]: '0.000', [batchIds[1]!]: '0.000' });
    [location] = await db.query(`SELECT current_balance::text, credit_balance::text FROM locations WHERE id = $1`, [owner.locationId]);
    expect(location).toEqual({ current_balance: '0.0000', credit_balance: '0.0000' });
    const [{ sum }] = await db.query(`SELECT sum(amount)::text AS sum FROM transactions WHERE location_id = $1`, [owner.locationId]);
    expect(sum).toBe('0.0000');
    expect((await owner.get('user/customer')).json().customers[0].totalPurchased).toBe('0.0000');
    const again = await send(owner, 'DELETE', `user/invoice/${invoice._id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVOICE_CANCELLED');
    await expect(db.query(`UPDATE transactions SET amount = 0`)).rejects.toThrow(/append-only/);
  });

  it('the public page answers the specification response; a revoked, unknown or malformed link is a 404 with success false', async () => {
    const { owner, itemId } = await shop('FIFO', [['5', '1', '2026-01-01T00:00:00Z']]);
    const invoice = (await sale(owner, itemId, '2')).json().invoice;
    const page = await send(null, 'GET', `public/invoice/${invoice.link}`);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ success: true, invoice: { items: [{ itemName: 'Tea', variantName: 'Default', quantity: '2.000', price: '10.0000' }], totalAmount: '20.0000', settled: true }, business: { currency: 'LKR' } });
    expect(JSON.stringify(body)).not.toMatch(/cost|netResult|batch/i);
    const revoked = (await send(owner, 'POST', 'user/invoice/link/revoke', { invoiceID: invoice._id })).json().invoice;
    expect(revoked.link).toBeNull();
    // Unknown, revoked or malformed alike (issue 23): over the router's 100 characters, a NUL, a bad escape.
    for (const link of [invoice.link, 'A'.repeat(43), 'not-a-link', 'A'.repeat(150), 'A'.repeat(300), 'abc%00def', '%E0%A4%A', 'x'.repeat(42) + '%00']) {
      const gone = await send(null, 'GET', `public/invoice/${link}`);
      expect([link, gone.statusCode]).toEqual([link, 404]);
      expect(gone.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Invalid Invoice ID, please check and try again!' });
    }
    const reissued = (await send(owner, 'POST', 'user/invoice/link/reissue', { invoiceID: invoice._id })).json().invoice;
    expect(reissued.link).not.toBe(invoice.link);
    expect((await send(null, 'GET', `public/invoice/${reissued.link}`)).statusCode).toBe(200);
  });

  it('403 on every invoice write and list without its action, and on every write with the action only at another location; a refused write changes nothing', async () => {
    const { owner, itemId, batchIds } = await shop('FIFO', [['10', '1', '2026-01-01T00:00:00Z']]);
    const customer = (await owner.post('user/customer', { firstName: 'Kamal' })).json().customer;
    const invoice = (await sale(owner, itemId, '2', { customer: customer._id, paidAmount: '5', paymentDueDate: '2030-01-01T00:00:00Z' })).json().invoice;
    const other = (await owner.post('user/location', { name: 'Other' })).json().location;
    const writes: [string, 'POST' | 'DELETE', string, unknown][] = [
      ['refund:invoice', 'POST', 'user/invoice/refund', { invoiceID: invoice._id, items: [{ lineID: invoice.items[0]._id, quantity: '1' }] }],
      ['payment:invoice', 'POST', 'user/invoice/add-payment', { invoiceID: invoice._id, amount: '1', paymentMethod: 'Cash' }],
      ['delete:invoice', 'DELETE', `user/invoice/${invoice._id}`, undefined],
      ['create:invoice', 'POST', 'user/invoice/link/revoke', { invoiceID: invoice._id }],
      ['create:invoice', 'POST', 'user/invoice/link/reissue', { invoiceID: invoice._id }],
    ];
    const lists = ['user/invoice/dated', 'user/invoice/paginated', `user/invoice/search?search=${invoice.invoiceNumber}`];
    const state = async () => ({
      invoice: (await send(owner, 'GET', `user/invoice/${invoice._id}`)).json().invoice,
      sold: await sold(batchIds),
      transactions: await db.query(`SELECT id FROM transactions WHERE location_id = $1 ORDER BY id`, [owner.locationId]),
      activity: await db.query(`SELECT id FROM activities WHERE business_id = $1 AND entity = 'Invoice' ORDER BY id`, [owner.user.businessId]),
    });
    const before = await state();
    expect(before.invoice).toMatchObject({ settled: false, refunded: false, deletedAt: null, outstanding: '15.0000', link: invoice.link });

    // Without the action: the guard refuses, naming the action.
    const reader = await addStaff(api, owner, [{ action: ['view:invoice'], locations: [] }]);
    for (const [action, method, path, body] of writes) {
      const refused = await send(reader, method, path, body);
      expect([path, refused.statusCode, refused.json().message, refused.json().missingPermission]).toEqual([path, 403, refusalWords(action), action]);
    }
    const noInvoices = await addStaff(api, owner, [{ action: ['view:item', 'create:invoice', 'payment:invoice'], locations: [] }]);
    for (const path of lists) {
      const refused = await send(noInvoices, 'GET', path);
      expect([path, refused.statusCode, refused.json().code]).toEqual([path, 403, 'FORBIDDEN']);
    }

    // Every invoice action, but only at another location: each write is refused at the invoice's
    // location (not named: the caller cannot see it), and the lists leave the invoice out.
    const elsewhere = await addStaff(api, owner, [
      { action: ['view:invoice', 'create:invoice', 'payment:invoice', 'refund:invoice', 'delete:invoice'], locations: [other._id] },
    ]);
    for (const [action, method, path, body] of writes) {
      const refused = await send(elsewhere, method, path, body);
      expect([path, refused.statusCode, refused.json().message, refused.json().missingPermission]).toEqual([path, 403, refusalWords(action, 'that location'), action]);
    }
    for (const path of lists) {
      const listed = await send(elsewhere, 'GET', path);
      expect([path, listed.statusCode, listed.json().invoices]).toEqual([path, 200, []]);
    }
    expect((await send(elsewhere, 'GET', 'user/invoice/paginated')).json().total).toBe(0);

    // Nothing moved: not the invoice (still unsettled, unrefunded, live, same link), its stock, the money book or the log.
    expect(await state()).toEqual(before);
  });

  it('price and discount control: another price needs price:invoice and a discount discount:invoice at that location (403 on the line, nothing written); the item\'s own price, however written, needs neither', async () => {
    const { owner, itemId, batchIds } = await shop('FIFO', [['10', '1', '2026-01-01T00:00:00Z']], '7.99');
    const other = (await owner.post('user/location', { name: 'Other' })).json().location;
    const cashier = {
      ...(await addStaff(api, owner, [
        { action: ['view:invoice', 'create:invoice'], locations: [owner.locationId] },
        { action: ['price:invoice', 'discount:invoice'], locations: [other._id] },
      ])),
      locationId: owner.locationId,
    };
    const line = (extra: Record<string, string>) => ({ items: [{ itemID: itemId, quantity: '1', ...extra }] });
    const priced = await sale(cashier, itemId, '1', line({ price: '0.50' }));
    expect([priced.statusCode, priced.json().code, priced.json().fieldErrors]).toEqual([403, 'FORBIDDEN', { 'items.0.price': [priced.json().message] }]);
    expect(priced.json().message).toMatch(/^Selling Tea at a price other than its own \(රු 7\.99\) needs the price:invoice permission at .+\.$/);
    const discounted = await sale(cashier, itemId, '1', line({ discount: '1' }));
    expect([discounted.statusCode, Object.keys(discounted.json().fieldErrors)]).toEqual([403, ['items.0.discount']]);
    expect(discounted.json().message).toMatch(/^A discount on Tea needs the discount:invoice permission at /);
    expect(await db.query(`SELECT count(*)::int AS n FROM invoices WHERE location_id = $1`, [owner.locationId])).toEqual([{ n: 0 }]);
    expect(await sold(batchIds)).toEqual({ [batchIds[0]!]: '0.000' });
    // Its own price, written either way, and no discount: sold.
    expect((await sale(cashier, itemId, '1', line({ price: '7.9900', discount: '0' }))).statusCode).toBe(201);
    // Granted here, both are allowed.
    const manager = { ...(await addStaff(api, owner, [{ action: ['view:invoice', 'create:invoice', 'price:invoice', 'discount:invoice'], locations: [owner.locationId] }])), locationId: owner.locationId };
    const allowed = await sale(manager, itemId, '1', line({ price: '6.50', discount: '0.50' }));
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json().invoice).toMatchObject({ grandTotal: '6.0000' });
  });

  it('401 without a session, 403 without the action or outside the locations, 404 for another business, costs only with view:cost', async () => {
    const { owner, itemId } = await shop('FIFO', [['5', '1', '2026-01-01T00:00:00Z']]);
    const invoice = (await sale(owner, itemId, '1')).json().invoice;
    expect((await send(null, 'GET', `user/invoice/${invoice._id}`)).statusCode).toBe(401);
    expect((await send(null, 'POST', 'user/invoice', {})).statusCode).toBe(401);
    const other = (await owner.post('user/location', { name: 'Other' })).json().location;
    const elsewhere = await addStaff(api, owner, [{ action: ['view:invoice', 'create:invoice'], locations: [other._id] }]);
    expect((await send(elsewhere, 'GET', `user/invoice/${invoice._id}`)).statusCode).toBe(403);
    expect((await sale({ ...elsewhere, locationId: owner.locationId }, itemId, '1')).statusCode).toBe(403);
    expect((await send(elsewhere, 'GET', 'user/invoice/paginated')).json().invoices).toEqual([]);
    const viewer = await addStaff(api, owner, [{ action: ['view:item'], locations: [] }]);
    expect((await send(viewer, 'GET', `user/invoice/${invoice._id}`)).statusCode).toBe(403);
    const seller = await addStaff(api, owner, [{ action: ['view:invoice'], locations: [owner.locationId] }]);
    const seen = (await send(seller, 'GET', `user/invoice/${invoice._id}`)).json().invoice;
    expect(JSON.stringify(seen)).not.toMatch(/"(cost|totalCost|netResult)"/);
    expect((await send(seller, 'GET', 'user/invoice/dated')).json().invoices.map((found: { _id: string }) => found._id)).toEqual([invoice._id]);
    expect((await send(seller, 'GET', 'user/invoice/search', undefined)).statusCode).toBe(400);
    const stranger = await registerBusiness(api);
    expect((await send(stranger, 'GET', `user/invoice/${invoice._id}`)).statusCode).toBe(404);
    expect((await send(stranger, 'POST', 'user/invoice/add-payment', { invoiceID: invoice._id, amount: '1', paymentMethod: 'Cash' })).statusCode).toBe(404);
    const bad = await send(owner, 'POST', 'user/invoice', { locationID: 'x', items: [], paymentMethod: 'Gold' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['items', 'locationID', 'paymentMethod']);
  });
});
