import { DataSource } from 'typeorm';
import { addStaff, registerBusiness, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Profit and loss and the dashboard summary against real PostgreSQL (issue 15, rule 6). Sales are
 * made through the API and then dated into March 2026 by SQL (the API dates a sale now), so each
 * falls on a known day; expenses and the transfer go through their endpoints (an expense takes its
 * date; a transfer's cost is posted now, so it is read in a range around now).
 */
describe('reports: profit and loss (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;

  type Owner = Caller & { locationId: string };
  let owner: Owner;
  let locationB: string;
  let tea: string;
  const range = { startDate: '2026-03-01T00:00:00.000Z', endDate: '2026-03-02T23:59:59.999Z' };

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_AUTH_PER_ADDRESS: '1000000' });
    db = api.api.app.get(DataSource);

    owner = await registerBusiness(api);
    locationB = (await owner.post('user/location', { name: 'Harbour' })).json().location._id;
    tea = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item._id;
    expect((await owner.post('user/inventory/add/batch', { itemID: tea, locationID: owner.locationId, quantity: '20', cost: '4' })).statusCode).toBe(201);
    expect((await owner.post('user/inventory/add/batch', { itemID: tea, locationID: locationB, quantity: '10', cost: '3' })).statusCode).toBe(201);

    // A, 1 March: 5 x 10 (cost 5 x 4).
    await sale(owner, owner.locationId, '5', '2026-03-01T10:00:00Z');
    // A, 2 March: 4 x 10 (cost 16), then 1 refunded the same moment (its credit note dated by SQL too): 30, cost 12.
    const refunded = await sale(owner, owner.locationId, '4', '2026-03-02T10:00:00Z');
    expect((await owner.post('user/invoice/refund', { invoiceID: refunded._id, items: [{ lineID: refunded.items[0]._id, quantity: '1' }] })).statusCode).toBe(201);
    await db.query(`UPDATE credit_notes SET created_at = '2026-03-02T10:00:00Z' WHERE invoice_id = $1`, [refunded._id]);
    // A, 1 March: partly refunded, then cancelled: counts nothing, its credit note neither.
    const cancelled = await sale(owner, owner.locationId, '2', '2026-03-01T11:00:00Z');
    expect((await owner.post('user/invoice/refund', { invoiceID: cancelled._id, items: [{ lineID: cancelled.items[0]._id, quantity: '1' }] })).statusCode).toBe(201);
    await db.query(`UPDATE credit_notes SET created_at = '2026-03-01T11:30:00Z' WHERE invoice_id = $1`, [cancelled._id]);
    expect((await api.request({ method: 'DELETE', url: `/api/v1/user/invoice/${cancelled._id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    // B, 2 March 20:00 UTC (3 March 01:30 in Kolkata): 3 x 10 (cost 3 x 3).
    await sale(owner, locationB, '3', '2026-03-02T20:00:00Z');

    await expense(owner, owner.locationId, 'Rent', '15', '2026-03-01T09:00:00Z');
    await expense(owner, owner.locationId, 'Salary', '100', '2026-03-02T09:00:00Z', 'cancelled');
    await expense(owner, owner.locationId, 'Tax', '40', '2026-03-02T09:00:00Z', 'deleted');
    await expense(owner, locationB, 'Utilities', '7.5', '2026-03-02T09:00:00Z');
    // Outside the range.
    await expense(owner, owner.locationId, 'Meals', '9', '2026-03-03T00:00:00Z');
  });
  afterAll(async () => {
    await api?.close();
  });

  /** A cash sale of Tea through the API, then dated `at` by SQL. */
  async function sale(caller: Owner, locationID: string, quantity: string, at: string, extra: Record<string, unknown> = {}) {
    const answer = await caller.post('user/invoice', { locationID, items: [{ itemID: tea, quantity }], paymentMethod: 'Cash', ...extra });
    expect(answer.statusCode).toBe(201);
    const invoice = answer.json().invoice;
    if (at) await db.query(`UPDATE invoices SET created_at = $2 WHERE id = $1`, [invoice._id, at]);
    return invoice;
  }

  /** An expense through user/expense, then cancelled or deleted through theirs when asked. */
  async function expense(caller: Owner, locationID: string, category: string, amount: string, date: string, state: 'live' | 'cancelled' | 'deleted' = 'live') {
    const created = await caller.post('user/expense', { locationID, category, amount, date });
    expect(created.statusCode).toBe(201);
    if (state === 'live') return;
    const changed = await caller.post(`user/expense/${state === 'cancelled' ? 'cancel' : 'delete'}`, { expenseID: created.json().expense._id });
    expect(changed.statusCode).toBeLessThan(300);
  }

  const report = (caller: Caller, query: Record<string, string | string[]>) => caller.get('user/report/profit-loss', query);

  it('sums live sales net of refunds, their cost, expenses not cancelled or deleted, with a point per day (checked by hand)', async () => {
    const answer = await report(owner, range);
    expect(answer.statusCode).toBe(200);
    const body = answer.json().report;
    // Revenue 50 + 30 + 30; cost 20 + 12 + 9; expenses Rent 15 + Utilities 7.5.
    expect(body).toMatchObject({
      startDate: range.startDate,
      endDate: range.endDate,
      timeZone: 'UTC',
      revenue: '110.0000',
      costOfGoodsSold: '41.0000',
      grossProfit: '69.0000',
      totalExpenses: '22.5000',
      transferCosts: '0.0000',
      transferCostsCapitalised: '0.0000',
      netProfit: '46.5000',
    });
    expect(body.expenses).toEqual({
      Salary: '0.0000',
      Tax: '0.0000',
      Rent: '15.0000',
      Utilities: '7.5000',
      'Office Supplies': '0.0000',
      Travel: '0.0000',
      Meals: '0.0000',
      Entertainment: '0.0000',
      Other: '0.0000',
    });
    expect(body.incomeExpense).toEqual([
      { date: '2026-03-01', income: '50.0000', expense: '35.0000' },
      { date: '2026-03-02', income: '60.0000', expense: '28.5000' },
    ]);
    expect(body.profitLoss).toEqual([
      { date: '2026-03-01', amount: '15.0000' },
      { date: '2026-03-02', amount: '31.5000' },
    ]);
    expect(body.locations.sort()).toEqual([owner.locationId, locationB].sort());
    const byLocation = Object.fromEntries(body.byLocation.map((l: { locationID: string; revenue: string; netProfit: string }) => [l.locationID, [l.revenue, l.netProfit]]));
    expect(byLocation).toEqual({ [owner.locationId]: ['80.0000', '33.0000'], [locationB]: ['30.0000', '13.5000'] });
  });

  it('reconciles with the invoices the range lists', async () => {
    const invoices = (await owner.get('user/invoice/dated', range)).json().invoices as { grandTotal: string; totalCost: string; deletedAt: string | null }[];
    const live = invoices.filter((invoice) => !invoice.deletedAt);
    const sum = (values: string[]) => values.reduce((total, value) => total + Math.round(Number(value) * 10_000), 0) / 10_000;
    const body = (await report(owner, range)).json().report;
    expect(Number(body.revenue)).toBe(sum(live.map((invoice) => invoice.grandTotal)));
    expect(Number(body.costOfGoodsSold)).toBe(sum(live.map((invoice) => invoice.totalCost)));
  });

  it('puts each figure on its day in the time zone asked, and reads only the locations asked', async () => {
    const kolkata = await report(owner, { startDate: '2026-03-01T18:30:00.000Z', endDate: '2026-03-03T18:29:59.999Z', timeZone: 'Asia/Kolkata' });
    expect(kolkata.statusCode).toBe(200);
    // 2 March in Kolkata holds A's refunded sale (30, cost 12) and the expenses of 09:00 UTC; 3 March B's sale and the Meals expense.
    expect(kolkata.json().report.incomeExpense).toEqual([
      { date: '2026-03-02', income: '30.0000', expense: '19.5000' },
      { date: '2026-03-03', income: '30.0000', expense: '18.0000' },
    ]);
    const onlyB = (await report(owner, { ...range, locations: locationB })).json().report;
    expect(onlyB).toMatchObject({ locations: [locationB], revenue: '30.0000', totalExpenses: '7.5000', netProfit: '13.5000' });
  });

  it('reads the invoices themselves at the edges of a range that cut an hour', async () => {
    // Sale 1 is at 10:00:00.000 on 1 March (just before the start), sale 2 at 10:00:00.000 on 2 March (the end, inclusive).
    const body = (await report(owner, { startDate: '2026-03-01T10:00:00.001Z', endDate: '2026-03-02T10:00:00.000Z' })).json().report;
    expect(body).toMatchObject({ revenue: '30.0000', costOfGoodsSold: '12.0000' });
  });

  it('keeps the hourly sales sums exactly what the live invoices sold less their credit notes, through refunds, cancellations and re-dating', async () => {
    const drift = await db.query(
      `SELECT coalesce(h.hour, i.hour) AS hour FROM report_sales_hours h
         FULL JOIN (SELECT business_id, location_id, hour, sum(revenue) AS revenue, sum(cost) AS cost, sum(invoices)::int AS invoices FROM (
                      SELECT business_id, location_id, date_trunc('hour', created_at, 'UTC') AS hour, grand_total + refunded_grand_total AS revenue,
                             total_cost + refunded_total_cost AS cost, 1 AS invoices FROM invoices WHERE deleted_at IS NULL
                      UNION ALL
                      SELECT business_id, location_id, date_trunc('hour', created_at, 'UTC'), -grand_total, -total_cost, 0 FROM credit_notes WHERE voided_at IS NULL) f
                     GROUP BY 1, 2, 3) i
           ON i.business_id = h.business_id AND i.location_id = h.location_id AND i.hour = h.hour
        WHERE (h.invoices IS DISTINCT FROM i.invoices AND coalesce(h.invoices, 0) + coalesce(i.invoices, 0) > 0)
           OR coalesce(h.revenue, 0) <> coalesce(i.revenue, 0) OR coalesce(h.cost, 0) <> coalesce(i.cost, 0)`,
    );
    expect(drift).toEqual([]);
    expect(Number((await db.query(`SELECT count(*) AS n FROM report_sales_hours`))[0].n)).toBeGreaterThan(0);
  });

  it('counts the source share of a transfer cost and reports the destination share as capitalised', async () => {
    const created = await owner.post('user/transfer', {
      itemID: tea,
      sourceLocationID: owner.locationId,
      destinationLocationID: locationB,
      transferQuantity: '2',
      transferCost: '5.01',
      costIncursion: 'Both',
    });
    expect(created.statusCode).toBe(201);
    expect((await owner.post('user/transfer/complete', { transferID: created.json().transfer._id })).statusCode).toBe(201);
    const now = Date.now();
    const around = { startDate: new Date(now - 3_600_000).toISOString(), endDate: new Date(now + 3_600_000).toISOString() };
    const body = (await report(owner, around)).json().report;
    // Both: the source pays the half rounded down (2.50), the destination's 2.51 went into the arriving batch's cost.
    expect(body).toMatchObject({ revenue: '0.0000', transferCosts: '2.5000', transferCostsCapitalised: '2.5100', netProfit: '-2.5000' });
    expect(body.byLocation.find((l: { locationID: string }) => l.locationID === owner.locationId)).toMatchObject({ transferCosts: '2.5000', transferCostsCapitalised: '0.0000' });
  });

  it('summarises today for the dashboard: sales, money received, expenses, outstanding credit', async () => {
    const shop = await registerBusiness(api);
    const item = (await shop.post('user/inventory/add/simple/item', { itemName: 'Cake', price: '10' })).json().item._id;
    await shop.post('user/inventory/add/batch', { itemID: item, locationID: shop.locationId, quantity: '10', cost: '2' });
    const paid = await shop.post('user/invoice', { locationID: shop.locationId, items: [{ itemID: item, quantity: '3' }], paymentMethod: 'Cash' });
    const onCredit = await shop.post('user/invoice', {
      locationID: shop.locationId,
      items: [{ itemID: item, quantity: '1' }],
      paymentMethod: 'Cash',
      paidAmount: '4',
      paymentDueDate: '2027-01-01T00:00:00Z',
    });
    expect([paid.statusCode, onCredit.statusCode]).toEqual([201, 201]);
    await expense(shop, shop.locationId, 'Other', '3', new Date().toISOString());
    const answer = await shop.get('user/report/summary');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().summary).toMatchObject({ timeZone: 'UTC', salesCount: 2, sales: '40.0000', income: '34.0000', moneyOut: '3.0000', expenses: '3.0000', outstandingCredit: '6.0000' });
    // Money out: a withdrawal too; a cancelled expense's money comes back.
    const cancelled = (await shop.post('user/expense', { locationID: shop.locationId, category: 'Other', amount: '5', date: new Date().toISOString() })).json().expense;
    expect((await shop.post('user/expense/cancel', { expenseID: cancelled._id })).statusCode).toBeLessThan(300);
    expect((await shop.post('user/admin/withdrawal', { locationID: shop.locationId, amount: '10', allowNegativeBalance: true })).statusCode).toBeLessThan(300);
    expect((await shop.get('user/report/summary')).json().summary).toMatchObject({ moneyOut: '13.0000', expenses: '3.0000', income: '34.0000' });
  });

  it('never counts another business', async () => {
    const other = await registerBusiness(api);
    const item = (await other.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '1000' })).json().item._id;
    await other.post('user/inventory/add/batch', { itemID: item, locationID: other.locationId, quantity: '5', cost: '1' });
    const answer = await other.post('user/invoice', { locationID: other.locationId, items: [{ itemID: item, quantity: '5' }], paymentMethod: 'Cash' });
    await db.query(`UPDATE invoices SET created_at = '2026-03-01T12:00:00Z' WHERE id = $1`, [answer.json().invoice._id]);
    await expense(other, other.locationId, 'Rent', '500', '2026-03-01T12:00:00Z');
    expect((await report(owner, range)).json().report).toMatchObject({ revenue: '110.0000', totalExpenses: '22.5000' });
    expect((await report(other, range)).json().report).toMatchObject({ revenue: '5000.0000', totalExpenses: '500.0000', locations: [other.locationId] });
    // Asking for another business's location is a 404, as for any location not the caller's.
    expect((await report(owner, { ...range, locations: other.locationId })).statusCode).toBe(404);
  });

  it('refuses without a session (401), without view:report or view:cost or at a location not permitted (403)', async () => {
    expect((await api.request({ method: 'GET', url: '/api/v1/user/report/profit-loss' })).statusCode).toBe(401);
    expect((await api.request({ method: 'GET', url: '/api/v1/user/report/summary' })).statusCode).toBe(401);

    const noReport = await addStaff(api, owner, [{ action: ['view:invoice', 'view:cost'], locations: [] }]);
    expect((await report(noReport, range)).statusCode).toBe(403);
    expect((await noReport.get('user/report/summary')).statusCode).toBe(403);

    const noCost = await addStaff(api, owner, [{ action: ['view:report'], locations: [owner.locationId] }]);
    const refused = await report(noCost, range);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ missingPermission: 'view:cost', message: "Profit and loss shows what stock cost. You can't view costs and stock value. Ask an administrator for access." });
    expect((await noCost.get('user/report/summary')).statusCode).toBe(200);

    const atA = await addStaff(api, owner, [{ action: ['view:report', 'view:cost'], locations: [owner.locationId] }]);
    const atB = await report(atA, { ...range, locations: locationB });
    expect(atB.statusCode).toBe(403);
    // B is not visible to them: the refusal does not name it.
    expect(atB.json().message).toContain('that location');
    // Without a filter they read only what they may: A.
    expect((await report(atA, range)).json().report).toMatchObject({ locations: [owner.locationId], revenue: '80.0000', netProfit: '33.0000' });
  });

  it('refuses bad ranges and time zones (400 with field errors)', async () => {
    const endBefore = await report(owner, { startDate: '2026-03-02T00:00:00Z', endDate: '2026-03-01T00:00:00Z' });
    expect(endBefore.statusCode).toBe(400);
    expect(endBefore.json().fieldErrors.endDate).toBeDefined();
    const badDate = await report(owner, { startDate: 'yesterday' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fieldErrors.startDate).toBeDefined();
    const badZone = await report(owner, { ...range, timeZone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().fieldErrors.timeZone).toBeDefined();
    const tooLong = await report(owner, { startDate: '2000-01-01T00:00:00Z', endDate: '2026-01-01T00:00:00Z' });
    expect(tooLong.statusCode).toBe(400);
    expect((await owner.get('user/report/summary', { timeZone: 'Nowhere' })).statusCode).toBe(400);
    expect((await report(owner, { ...range, locations: 'not-an-id' })).statusCode).toBe(400);
  });

  it('defaults to today in the time zone asked', async () => {
    const answer = await report(owner, { timeZone: 'Asia/Kolkata' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json().report;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect(body.incomeExpense.map((p: { date: string }) => p.date)).toEqual([today]);
    expect(body.startDate.slice(11)).toBe('18:30:00.000Z');
  });
});
