import { DataSource, type QueryRunner } from 'typeorm';
import { CreditNotes1765200000000 } from '../src/database/migrations/1765200000000-credit-notes';
import { addStaff, registerBusiness, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Credit notes against real PostgreSQL (issue 22, rule 1): a refund is its own document, numbered
 * without gaps per business, with the lines, tax, cost and money it took back; the invoice keeps
 * what it sold beside its net figures; reports count a refund on the day it was made.
 */
describe('credit notes (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;
  type Owner = Caller & { locationId: string };

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_AUTH_PER_ADDRESS: '1000000' });
    db = api.api.app.get(DataSource);
  });
  afterAll(async () => {
    await api?.close();
  });

  /** A shop whose location adds 10% tax, with Coat (41.65, cost 20) in stock. */
  async function shop(): Promise<{ owner: Owner; coat: string }> {
    const owner = await registerBusiness(api);
    const rate = (await owner.post('user/tax-rate', { name: 'VAT', rate: '10' })).json().taxRate;
    expect((await api.request({ method: 'PATCH', url: `/api/v1/user/location/${owner.locationId}`, payload: { taxRateID: rate._id }, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    const coat = (await owner.post('user/inventory/add/simple/item', { itemName: 'Coat', price: '41.65' })).json().item._id as string;
    expect((await owner.post('user/inventory/add/batch', { itemID: coat, locationID: owner.locationId, quantity: '100', cost: '20' })).statusCode).toBe(201);
    return { owner, coat };
  }

  const sell = async (owner: Owner, itemID: string, quantity: string) => {
    const answer = await owner.post('user/invoice', { locationID: owner.locationId, items: [{ itemID, quantity }], paymentMethod: 'Cash' });
    expect(answer.statusCode).toBe(201);
    return answer.json().invoice;
  };
  const refund = (owner: Caller, invoice: { _id: string; items: { _id: string }[] }, quantity: string, extra: Record<string, unknown> = {}) =>
    owner.post('user/invoice/refund', { invoiceID: invoice._id, items: [{ lineID: invoice.items[0]!._id, quantity }], ...extra });

  it('a partial refund writes credit note #1; the invoice keeps what it sold beside its net figures; the rest makes #2 and a refunded invoice', async () => {
    const { owner, coat } = await shop();
    const invoice = await sell(owner, coat, '2');
    // 2 x 41.65 = 83.30, tax 8.33: 91.63.
    expect(invoice).toMatchObject({ grandTotal: '91.6300', totalTax: '8.3300', creditNotes: [], partiallyRefunded: false, refunded: false });

    const first = await refund(owner, invoice, '1', { paymentMethod: 'Card' });
    expect(first.statusCode).toBe(201);
    const afterFirst = first.json().invoice;
    expect(afterFirst).toMatchObject({
      refunded: false,
      partiallyRefunded: true,
      items: [{ soldQuantity: '2.000', refundedQuantity: '1.000', quantity: '1.000' }],
      sold: { totalAmount: '83.3000', totalTax: '8.3300', grandTotal: '91.6300', totalQuantity: '2.000', totalCost: '40.0000' },
      // The line's tax was 8.33 and is now 4.17 (4.165 rounded): the credit note takes back 4.16.
      refundedTotals: { totalAmount: '41.6500', totalTax: '4.1600', grandTotal: '45.8100', totalQuantity: '1.000', totalCost: '20.0000' },
      grandTotal: '45.8200',
      totalTax: '4.1700',
      paidAmount: '45.8200',
      outstanding: '0.0000',
    });
    expect(afterFirst.creditNotes).toEqual([
      expect.objectContaining({
        creditNoteNumber: 1,
        invoiceID: invoice._id,
        invoiceNumber: invoice.invoiceNumber,
        locationID: owner.locationId,
        totalAmount: '41.6500',
        totalTax: '4.1600',
        grandTotal: '45.8100',
        totalCost: '20.0000',
        amountPaidBack: '45.8100',
        paymentMethod: 'Card',
        items: [{ lineID: invoice.items[0]._id, itemName: 'Coat', variantName: null, quantity: '1.000', price: '41.6500', discount: '0.0000', total: '41.6500', tax: '4.1600', cost: '20.0000' }],
      }),
    ]);

    const second = await refund(owner, afterFirst, '1');
    expect(second.statusCode).toBe(201);
    const afterSecond = second.json().invoice;
    expect(afterSecond).toMatchObject({ refunded: true, partiallyRefunded: false, grandTotal: '0.0000', totalTax: '0.0000', paidAmount: '0.0000' });
    expect(afterSecond.creditNotes.map((note: { creditNoteNumber: number; grandTotal: string; paymentMethod: string | null }) => [note.creditNoteNumber, note.grandTotal, note.paymentMethod])).toEqual([
      [1, '45.8100', 'Card'],
      [2, '45.8200', null],
    ]);
    // The credit notes add up to exactly what it sold less what it still sells.
    expect(afterSecond.refundedTotals).toEqual(afterSecond.sold);

    // The public page shows what was sold and the credit notes, without costs or ids.
    const page = (await api.request({ method: 'GET', url: `/api/v1/public/invoice/${invoice.link}` })).json().invoice;
    expect(page).toMatchObject({ grandTotal: '0.0000', sold: { grandTotal: '91.6300' }, items: [{ soldQuantity: '2.000', quantity: '0.000' }] });
    expect(page.creditNotes).toHaveLength(2);
    expect(page.creditNotes[0]).toMatchObject({ creditNoteNumber: 1, grandTotal: '45.8100', items: [{ itemName: 'Coat', quantity: '1.000' }] });
    expect(JSON.stringify(page)).not.toMatch(/totalCost|"cost"|lineID|_id/);

    // Without view:cost, a credit note's costs are not sent either.
    const clerk = await addStaff(api, owner, [{ action: ['view:invoice'], locations: [owner.locationId] }]);
    const seen = JSON.stringify((await clerk.get(`user/invoice/${invoice._id}`)).json().invoice);
    expect(seen).not.toMatch(/totalCost|"cost"/);

    // The activity log names the credit note.
    const [entry] = await db.query(`SELECT description FROM activities WHERE business_id = (SELECT business_id FROM invoices WHERE id = $1) AND description LIKE 'Credit note #2%'`, [invoice._id]);
    expect(entry.description).toMatch(new RegExp(`^Credit note #2 of \\D*45\\.82 for invoice #${invoice.invoiceNumber} at .+$`));
  });

  it('numbers credit notes 1..20 without gaps or duplicates under 20 concurrent refunds, refusals taking no number; each business counts its own', async () => {
    const { owner, coat } = await shop();
    const invoices = [];
    for (let i = 0; i < 20; i++) invoices.push(await sell(owner, coat, '2'));
    const answers = await Promise.all([
      ...invoices.map((invoice) => refund(owner, invoice, '1')),
      // Refused: more than was sold. They must take no number.
      ...invoices.slice(0, 5).map((invoice) => refund(owner, invoice, '3')),
    ]);
    expect(answers.slice(0, 20).map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
    expect(answers.slice(20).map((answer) => answer.json().code)).toEqual(Array(5).fill('OVER_REFUND'));
    const numbers = (await db.query(`SELECT credit_note_number AS n FROM credit_notes WHERE invoice_id = ANY($1::uuid[]) ORDER BY 1`, [invoices.map((i) => i._id)])).map(
      (row: { n: number }) => row.n,
    );
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

    const other = await shop();
    const theirs = await sell(other.owner, other.coat, '1');
    expect((await refund(other.owner, theirs, '1')).json().invoice.creditNotes[0].creditNoteNumber).toBe(1);
    // Another business's invoice is a 404 and writes nothing.
    const foreign = await refund(other.owner, invoices[0], '1');
    expect(foreign.statusCode).toBe(404);
    expect(await db.query(`SELECT count(*)::int AS n FROM credit_notes WHERE invoice_id = $1`, [invoices[0]._id])).toEqual([{ n: 1 }]);
  });

  it('the migration turns refunds recorded before credit notes into credit notes, numbered in the order they were made, the reports unchanged', async () => {
    const { owner, coat } = await shop();
    const a = await sell(owner, coat, '3');
    const b = await sell(owner, coat, '2');
    expect((await refund(owner, a, '1', { paymentMethod: 'Card' })).statusCode).toBe(201);
    expect((await refund(owner, b, '2')).statusCode).toBe(201);
    expect((await refund(owner, a, '1')).statusCode).toBe(201);
    const columns = `credit_note_number, invoice_id, total_amount::text, total_tax::text, grand_total::text, total_cost::text, amount_paid_back::text`;
    const made = await db.query(`SELECT ${columns} FROM credit_notes WHERE invoice_id = ANY($1::uuid[]) ORDER BY credit_note_number`, [[a._id, b._id]]);
    const hours = `SELECT hour, revenue::text, cost::text, tax::text FROM report_sales_hours WHERE business_id = $1 ORDER BY hour, location_id`;
    const reported = await db.query(hours, [owner.user.businessId]);

    // As the data stood before the migration: the refunds in invoice_refunds, no credit notes, `refunded` on any refund.
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    try {
      await runner.query(`CREATE TABLE invoice_refunds (id uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY, invoice_id uuid NOT NULL REFERENCES invoices (id),
                            user_id uuid NOT NULL, amount numeric(24, 4) NOT NULL, items jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
      await runner.query(
        `INSERT INTO invoice_refunds (invoice_id, user_id, amount, items, created_at)
         SELECT c.invoice_id, c.user_id, c.amount_paid_back, (SELECT jsonb_agg(jsonb_build_object('lineID', n.line_id, 'quantity', n.quantity::text)) FROM credit_note_lines n WHERE n.credit_note_id = c.id),
                c.created_at FROM credit_notes c WHERE c.invoice_id = ANY($1::uuid[])`,
        [[a._id, b._id]],
      );
      await runner.query(`DELETE FROM credit_notes WHERE business_id = $1`, [owner.user.businessId]);
      await runner.query(`DELETE FROM credit_note_counters WHERE business_id = $1`, [owner.user.businessId]);
      await runner.query(`UPDATE invoices SET refunded = true, refunded_grand_total = 0, refunded_total_tax = 0, refunded_total_cost = 0 WHERE id = ANY($1::uuid[])`, [[a._id, b._id]]);
      // The migration's replay, then its drop of the old table.
      const migration = new CreditNotes1765200000000() as unknown as { replayRefunds(runner: QueryRunner): Promise<void> };
      await migration.replayRefunds(runner);
      await runner.query(`DROP TABLE invoice_refunds`);
      await runner.commitTransaction();
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
    expect(await db.query(`SELECT ${columns} FROM credit_notes WHERE invoice_id = ANY($1::uuid[]) ORDER BY credit_note_number`, [[a._id, b._id]])).toEqual(made);
    expect(await db.query(hours, [owner.user.businessId])).toEqual(reported);
    expect((await owner.get(`user/invoice/${a._id}`)).json().invoice).toMatchObject({ refunded: false, partiallyRefunded: true, sold: { totalQuantity: '3.000' } });
    expect((await owner.get(`user/invoice/${b._id}`)).json().invoice).toMatchObject({ refunded: true, partiallyRefunded: false });
    // The series goes on after the replayed numbers.
    expect((await refund(owner, (await owner.get(`user/invoice/${a._id}`)).json().invoice, '1')).json().invoice.creditNotes.map((c: { creditNoteNumber: number }) => c.creditNoteNumber)).toEqual([1, 3, 4]);
  });

  it('reports count a refund on the day it was made: a sale of March refunded today lowers today, not March; the dashboard agrees with profit and loss', async () => {
    const { owner, coat } = await shop();
    const invoice = await sell(owner, coat, '2');
    await db.query(`UPDATE invoices SET created_at = '2026-03-05T12:00:00Z' WHERE id = $1`, [invoice._id]);
    expect((await refund(owner, invoice, '1')).statusCode).toBe(201);

    const march = { startDate: '2026-03-05T00:00:00.000Z', endDate: '2026-03-05T23:59:59.999Z' };
    expect((await owner.get('user/report/profit-loss', march)).json().report).toMatchObject({ revenue: '83.3000', taxCollected: '8.3300', costOfGoodsSold: '40.0000' });
    expect((await owner.get('user/report/tax', march)).json().report).toMatchObject({ totalTax: '8.3300', totalTaxable: '83.3000' });

    const today = (await owner.get('user/report/profit-loss')).json().report;
    expect(today).toMatchObject({ revenue: '-41.6500', taxCollected: '-4.1600', costOfGoodsSold: '-20.0000' });
    expect((await owner.get('user/report/tax')).json().report).toMatchObject({ totalTax: '-4.1600', totalTaxable: '-41.6500' });
    const summary = (await owner.get('user/report/summary')).json().summary;
    expect(summary).toMatchObject({ salesCount: 0, sales: today.revenue });

    // Cancelling the invoice takes the sale out of March and its credit note out of today.
    expect((await api.request({ method: 'DELETE', url: `/api/v1/user/invoice/${invoice._id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect((await owner.get('user/report/profit-loss', march)).json().report).toMatchObject({ revenue: '0.0000', costOfGoodsSold: '0.0000' });
    expect((await owner.get('user/report/profit-loss')).json().report).toMatchObject({ revenue: '0.0000', costOfGoodsSold: '0.0000' });
    expect((await owner.get('user/report/summary')).json().summary.sales).toBe('0.0000');
    // It stays readable, with its credit note.
    const cancelled = (await owner.get(`user/invoice/${invoice._id}`)).json().invoice;
    expect(cancelled.creditNotes).toHaveLength(1);
    expect(cancelled.deletedAt).not.toBeNull();
  });
});

describe('a customer’s page and the credit notes by day (real PostgreSQL)', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_AUTH_PER_ADDRESS: '1000000' });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('shows what a customer bought and owes, their invoices and credit notes, and a statement whose balance is what they owe', async () => {
    const owner = await registerBusiness(api);
    const tea = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item._id;
    await owner.post('user/inventory/add/batch', { itemID: tea, locationID: owner.locationId, quantity: '50', cost: '4' });
    const nimal = (await owner.post('user/customer', { firstName: 'Nimal', lastName: 'Silva' })).json().customer;
    const sale = async (quantity: string, extra: Record<string, unknown>) => {
      const answer = await owner.post('user/invoice', { locationID: owner.locationId, customer: nimal._id, items: [{ itemID: tea, quantity }], ...extra });
      expect(answer.statusCode).toBe(201);
      return answer.json().invoice;
    };
    // #1: 50, 20 paid, 30 owed; then 10 more paid.
    const first = await sale('5', { paymentMethod: 'Cash', paidAmount: '20', paymentDueDate: '2027-01-01T00:00:00Z' });
    expect((await owner.post('user/invoice/add-payment', { invoiceID: first._id, amount: '10', paymentMethod: 'Card' })).statusCode).toBe(201);
    const beforeSecond = new Date().toISOString();
    // #2: 30 paid in full, then 1 refunded (10 paid back).
    const second = await sale('3', { paymentMethod: 'Cash' });
    expect((await owner.post('user/invoice/refund', { invoiceID: second._id, items: [{ lineID: second.items[0]._id, quantity: '1' }] })).statusCode).toBe(201);
    // #3: 20, paid, then cancelled (20 given back).
    const third = await sale('2', { paymentMethod: 'Cash' });
    expect((await api.request({ method: 'DELETE', url: `/api/v1/user/invoice/${third._id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);

    const answer = await owner.get(`user/customer/${nimal._id}/statement`);
    expect(answer.statusCode).toBe(200);
    const statement = answer.json().statement;
    expect(statement).toMatchObject({ totalBought: '70.0000', outstandingCredit: '20.0000', openingBalance: '0.0000', closingBalance: '20.0000', customer: { _id: nimal._id } });
    expect(statement.lastPurchase).toBe(second.createdAt);
    expect(statement.invoices.map((i: { invoiceNumber: number; soldTotal: string; grandTotal: string; partiallyRefunded: boolean; deletedAt: string | null }) => [i.invoiceNumber, i.soldTotal, i.grandTotal, i.partiallyRefunded, i.deletedAt !== null])).toEqual([
      [third.invoiceNumber, '20.0000', '20.0000', false, true],
      [second.invoiceNumber, '30.0000', '20.0000', true, false],
      [first.invoiceNumber, '50.0000', '50.0000', false, false],
    ]);
    expect(statement.creditNotes.map((c: { creditNoteNumber: number; grandTotal: string }) => [c.creditNoteNumber, c.grandTotal])).toEqual([[1, '10.0000']]);
    expect(statement.entries.map((e: { kind: string; invoiceNumber: number; amount: string; balance: string }) => [e.kind, e.invoiceNumber, e.amount, e.balance])).toEqual([
      ['Invoice', first.invoiceNumber, '50.0000', '50.0000'],
      ['Payment', first.invoiceNumber, '-20.0000', '30.0000'],
      ['Payment', first.invoiceNumber, '-10.0000', '20.0000'],
      ['Invoice', second.invoiceNumber, '30.0000', '50.0000'],
      ['Payment', second.invoiceNumber, '-30.0000', '20.0000'],
      ['Credit note', second.invoiceNumber, '-10.0000', '10.0000'],
      ['Paid back', second.invoiceNumber, '10.0000', '20.0000'],
      ['Invoice', third.invoiceNumber, '20.0000', '40.0000'],
      ['Payment', third.invoiceNumber, '-20.0000', '20.0000'],
      ['Cancelled', third.invoiceNumber, '-20.0000', '0.0000'],
      ['Paid back', third.invoiceNumber, '20.0000', '20.0000'],
    ]);

    // A range: what came before it is the opening balance.
    const ranged = (await owner.get(`user/customer/${nimal._id}/statement`, { startDate: beforeSecond })).json().statement;
    expect(ranged).toMatchObject({ openingBalance: '20.0000', closingBalance: '20.0000' });
    expect(ranged.entries[0]).toMatchObject({ kind: 'Invoice', invoiceNumber: second.invoiceNumber });

    // Bad input, another business's customer, staff without invoices anywhere.
    expect((await owner.get(`user/customer/${nimal._id}/statement`, { startDate: '2026-03-02T00:00:00Z', endDate: '2026-03-01T00:00:00Z' })).json().fieldErrors.endDate).toBeDefined();
    expect((await owner.get(`user/customer/${nimal._id}/statement`, { startDate: 'soon' })).statusCode).toBe(400);
    const other = await registerBusiness(api);
    expect((await other.get(`user/customer/${nimal._id}/statement`)).statusCode).toBe(404);
    expect((await api.request({ method: 'GET', url: `/api/v1/user/customer/${nimal._id}/statement` })).statusCode).toBe(401);
    const noCustomers = await addStaff(api, owner, [{ action: ['view:invoice'], locations: [] }]);
    expect((await noCustomers.get(`user/customer/${nimal._id}/statement`)).statusCode).toBe(403);
    const customersOnly = await addStaff(api, owner, [{ action: ['view:customer'], locations: [] }]);
    expect((await customersOnly.get(`user/customer/${nimal._id}/statement`)).json().statement).toMatchObject({ invoices: [], entries: [], totalBought: '0.0000' });
  });

  it('lists the credit notes made in a range at the locations the caller may see, costs only with view:cost', async () => {
    const owner = await registerBusiness(api);
    const branch = (await owner.post('user/location', { name: 'Branch' })).json().location._id;
    const tea = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item._id;
    for (const locationID of [owner.locationId, branch]) {
      await owner.post('user/inventory/add/batch', { itemID: tea, locationID, quantity: '10', cost: '4' });
      const invoice = (await owner.post('user/invoice', { locationID, items: [{ itemID: tea, quantity: '2' }], paymentMethod: 'Cash' })).json().invoice;
      expect((await owner.post('user/invoice/refund', { invoiceID: invoice._id, items: [{ lineID: invoice.items[0]._id, quantity: '1' }] })).statusCode).toBe(201);
    }
    const all = (await owner.get('user/credit-note/dated')).json().creditNotes;
    expect(all.map((c: { creditNoteNumber: number; totalCost: string }) => [c.creditNoteNumber, c.totalCost])).toEqual([
      [1, '4.0000'],
      [2, '4.0000'],
    ]);
    expect((await owner.get('user/credit-note/dated', { locations: branch })).json().creditNotes.map((c: { locationID: string }) => c.locationID)).toEqual([branch]);
    expect((await owner.get('user/credit-note/dated', { startDate: '2026-01-01T00:00:00Z', endDate: '2026-01-02T00:00:00Z' })).json().creditNotes).toEqual([]);
    const atBranch = await addStaff(api, owner, [{ action: ['view:invoice'], locations: [branch] }]);
    const theirs = (await atBranch.get('user/credit-note/dated')).json().creditNotes;
    expect(theirs.map((c: { locationID: string }) => c.locationID)).toEqual([branch]);
    expect(JSON.stringify(theirs)).not.toMatch(/totalCost|"cost"/);
    expect((await owner.get('user/credit-note/dated', { startDate: 'later' })).statusCode).toBe(400);
  });
});
