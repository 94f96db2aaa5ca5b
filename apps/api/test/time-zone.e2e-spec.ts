import { DataSource } from 'typeorm';
import { todayBounds } from '@stockbook/domain';
import { registerBusiness, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * The business's time zone (issue 22, rule 4) on real PostgreSQL: asked at sign-up, changed on the
 * profile, and every day boundary left to the server is a day there: profit and loss's days and a
 * dated list's "today".
 */
describe('the business time zone (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_AUTH_PER_ADDRESS: '1000000' });
    db = api.api.app.get(DataSource);
  });
  afterAll(async () => {
    await api?.close();
  });

  /** A business in `timeZone` with one sale of 10.00, moved to the instant `at`. */
  async function saleAt(timeZone: string, at: string): Promise<Caller & { locationId: string; invoiceId: string }> {
    const owner = await registerBusiness(api, { timeZone });
    const item = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item;
    await owner.post('user/inventory/add/batch', { itemID: item._id, locationID: owner.locationId, quantity: '5', cost: '1' });
    const invoice = (await owner.post('user/invoice', { locationID: owner.locationId, items: [{ itemID: item._id, quantity: '1' }], paymentMethod: 'Cash' })).json().invoice;
    await db.query(`UPDATE invoices SET created_at = $2 WHERE id = $1`, [invoice._id, at]);
    return { ...owner, invoiceId: invoice._id };
  }

  const incomeByDay = async (owner: Caller, startDate: string, endDate: string) => {
    const answer = await owner.get('user/report/profit-loss', { startDate, endDate });
    expect(answer.statusCode).toBe(200);
    const report = answer.json().report;
    return { timeZone: report.timeZone, days: Object.fromEntries(report.incomeExpense.map((point: { date: string; income: string }) => [point.date, point.income])) };
  };

  it('asks it at sign-up (UTC when left out), refuses a name that is no time zone, and keeps it on the profile', async () => {
    const owner = await registerBusiness(api, { timeZone: 'America/Los_Angeles' });
    expect((await owner.get('user/business')).json().business.timeZone).toBe('America/Los_Angeles');
    expect((await registerBusiness(api)).user).toBeDefined();
    const refused = await api.request({ method: 'POST', url: '/api/v1/user/register', payload: { timeZone: 'Mars/Olympus' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.timeZone).toEqual(['Time zone must be an IANA time zone name, such as Europe/London.']);
    const bad = await owner.patch('user/business', { timeZone: 'Nowhere' });
    expect(bad.statusCode).toBe(400);
    expect((await owner.patch('user/business', { timeZone: 'Asia/Colombo' })).json().business.timeZone).toBe('Asia/Colombo');
  });

  it('a sale at 23:30 local time counts on that local day, for a UTC-8 and a UTC+5:30 business', async () => {
    // 23:30 on 4 March in Los Angeles (UTC-8) is 07:30 on 5 March in UTC.
    const west = await saleAt('America/Los_Angeles', '2026-03-05T07:30:00Z');
    expect(await incomeByDay(west, '2026-03-04T08:00:00Z', '2026-03-06T07:59:59.999Z')).toEqual({
      timeZone: 'America/Los_Angeles',
      days: { '2026-03-04': '10.0000', '2026-03-05': '0.0000' },
    });
    // 23:30 on 5 March in Kolkata (UTC+5:30) is 18:00 on 5 March in UTC; 00:30 on the 6th is 19:00.
    const east = await saleAt('Asia/Kolkata', '2026-03-05T18:00:00Z');
    expect(await incomeByDay(east, '2026-03-04T18:30:00Z', '2026-03-06T18:29:59.999Z')).toEqual({
      timeZone: 'Asia/Kolkata',
      days: { '2026-03-05': '10.0000', '2026-03-06': '0.0000' },
    });
    await db.query(`UPDATE invoices SET created_at = '2026-03-05T19:00:00Z' WHERE id = $1`, [east.invoiceId]);
    expect((await incomeByDay(east, '2026-03-04T18:30:00Z', '2026-03-06T18:29:59.999Z')).days).toEqual({ '2026-03-05': '0.0000', '2026-03-06': '10.0000' });
  });

  it('a dated list without dates is today in the business’s time zone, not the server’s', async () => {
    // In Kiritimati (UTC+14) the local day never matches the UTC day: one of its ends lies outside it.
    const zone = 'Pacific/Kiritimati';
    const now = new Date();
    const local = todayBounds(now, zone);
    const utc = todayBounds(now, 'UTC');
    const outside = [new Date(local.start.getTime() + 60_000), new Date(local.end.getTime() - 60_000)].find((at) => at < utc.start || at > utc.end)!;
    const owner = await saleAt(zone, outside.toISOString());
    const listed = (await owner.get('user/invoice/dated')).json().invoices.map((invoice: { _id: string }) => invoice._id);
    expect(listed).toEqual([owner.invoiceId]);
  });
});
