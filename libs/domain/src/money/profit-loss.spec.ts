import Big from 'big.js';
import fc from 'fast-check';
import {
  dayFigures,
  isTimeZone,
  localDate,
  profitAndLoss,
  rangeDays,
  startOfLocalDay,
  todayBounds,
  type ProfitLossSources,
} from './profit-loss';
import { EXPENSE_CATEGORIES, type ExpenseCategory } from './expenses';

const A = 'location-a';
const B = 'location-b';
const at = (iso: string) => new Date(iso);

describe('days in a time zone', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('puts an instant on its local day', () => {
    expect(localDate(at('2026-03-01T20:00:00Z'), 'UTC')).toBe('2026-03-01');
    expect(localDate(at('2026-03-01T20:00:00Z'), 'Asia/Kolkata')).toBe('2026-03-02');
    expect(localDate(at('2026-03-01T03:00:00Z'), 'America/New_York')).toBe('2026-02-28');
  });

  it('finds the first instant of a local day, across half-hour offsets and summer time', () => {
    expect(startOfLocalDay('2026-03-02', 'Asia/Kolkata').toISOString()).toBe('2026-03-01T18:30:00.000Z');
    expect(startOfLocalDay('2026-03-29', 'Europe/London').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfLocalDay('2026-03-30', 'Europe/London').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    // Santiago skips midnight when summer time starts (2026-09-06 00:00 does not exist): the day starts at 01:00.
    expect(startOfLocalDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('gives today from 00:00:00.000 to 23:59:59.999 local, and every day of a range', () => {
    const { start, end } = todayBounds(at('2026-03-01T20:00:00Z'), 'Asia/Kolkata');
    expect([start.toISOString(), end.toISOString()]).toEqual(['2026-03-01T18:30:00.000Z', '2026-03-02T18:29:59.999Z']);
    expect(rangeDays(at('2026-02-27T10:00:00Z'), at('2026-03-01T10:00:00Z'), 'UTC')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(rangeDays(at('2026-03-01T10:00:00Z'), at('2026-03-01T09:00:00Z'), 'UTC')).toEqual([]);
  });
});

describe('profit and loss', () => {
  const sources: ProfitLossSources = {
    sales: [
      { at: at('2026-03-01T09:00:00Z'), locationId: A, grandTotal: '100.0000', totalCost: '60.0000', cancelled: false },
      // Partly refunded: its grand total and cost already stand net of the refund.
      { at: at('2026-03-02T09:00:00Z'), locationId: B, grandTotal: '30.0000', totalCost: '12.5000', cancelled: false },
      { at: at('2026-03-02T10:00:00Z'), locationId: A, grandTotal: '999.0000', totalCost: '1.0000', cancelled: true },
    ],
    expenses: [
      { at: at('2026-03-01T12:00:00Z'), locationId: A, category: 'Rent', amount: '20.0000', cancelled: false, deleted: false },
      { at: at('2026-03-03T12:00:00Z'), locationId: B, category: 'Office Supplies', amount: '5.2500', cancelled: false, deleted: false },
      { at: at('2026-03-03T12:00:00Z'), locationId: B, category: 'Tax', amount: '50.0000', cancelled: true, deleted: false },
      { at: at('2026-03-03T12:00:00Z'), locationId: B, category: 'Tax', amount: '70.0000', cancelled: false, deleted: true },
    ],
    transferCostTransactions: [
      { at: at('2026-03-02T08:00:00Z'), locationId: A, amount: '-3.0000' },
      { at: at('2026-03-02T08:00:00Z'), locationId: A, amount: '-4.0000' },
      { at: at('2026-03-02T09:00:00Z'), locationId: A, amount: '4.0000' },
    ],
    capitalisedTransferCosts: [{ at: at('2026-03-02T09:00:00Z'), locationId: B, amount: '3.0000' }],
  };
  const range = { start: at('2026-03-01T00:00:00Z'), end: at('2026-03-03T23:59:59.999Z'), timeZone: 'UTC' };

  it('counts live sales net of refunds, expenses not cancelled or deleted, and the source share of transfer costs', () => {
    const report = profitAndLoss(dayFigures(sources, range), rangeDays(range.start, range.end, range.timeZone));
    expect(report).toMatchObject({
      revenue: '130.0000',
      costOfGoodsSold: '72.5000',
      grossProfit: '57.5000',
      totalExpenses: '25.2500',
      transferCosts: '3.0000',
      transferCostsCapitalised: '3.0000',
      netProfit: '29.2500',
    });
    expect(report.expenses).toEqual({
      Salary: '0.0000',
      Tax: '0.0000',
      Rent: '20.0000',
      Utilities: '0.0000',
      'Office Supplies': '5.2500',
      Travel: '0.0000',
      Meals: '0.0000',
      Entertainment: '0.0000',
      Other: '0.0000',
    });
    expect(report.incomeExpense).toEqual([
      { date: '2026-03-01', income: '100.0000', expense: '80.0000' },
      { date: '2026-03-02', income: '30.0000', expense: '15.5000' },
      { date: '2026-03-03', income: '0.0000', expense: '5.2500' },
    ]);
    expect(report.profitLoss).toEqual([
      { date: '2026-03-01', amount: '20.0000' },
      { date: '2026-03-02', amount: '14.5000' },
      { date: '2026-03-03', amount: '-5.2500' },
    ]);
    expect(report.locations.map((l) => [l.locationId, l.revenue, l.netProfit])).toEqual([
      [A, '100.0000', '17.0000'],
      [B, '30.0000', '12.2500'],
    ]);
  });

  it('puts each row on its day in the reader\'s time zone, and leaves out what is outside the range', () => {
    const kolkata = { start: startOfLocalDay('2026-03-02', 'Asia/Kolkata'), end: at('2026-03-02T18:29:59.999Z'), timeZone: 'Asia/Kolkata' };
    const report = profitAndLoss(dayFigures(sources, kolkata), rangeDays(kolkata.start, kolkata.end, kolkata.timeZone));
    // Only 2 March in Kolkata (01 Mar 18:30Z to 02 Mar 18:29Z): the B sale and the transfer costs.
    expect(report.incomeExpense).toEqual([{ date: '2026-03-02', income: '30.0000', expense: '15.5000' }]);
    expect(report.revenue).toBe('30.0000');
  });

  it('is all zeros for nothing, with a point for every day', () => {
    const report = profitAndLoss([], ['2026-01-01', '2026-01-02']);
    expect(report.netProfit).toBe('0.0000');
    expect(Object.values(report.expenses)).toHaveLength(9);
    expect(report.profitLoss).toEqual([
      { date: '2026-01-01', amount: '0.0000' },
      { date: '2026-01-02', amount: '0.0000' },
    ]);
  });
});

// ---- Property: the report is what its source rows sum to, and its points sum to its totals ----------

const money = fc.integer({ min: 0, max: 5_000_000 }).map((minor) => new Big(minor).div(10_000).toFixed(4));
const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 1, 1) }).map((ms) => new Date(ms));
const location = fc.constantFrom(A, B, 'location-c');
const sourcesArb: fc.Arbitrary<ProfitLossSources> = fc.record({
  sales: fc.array(fc.record({ at: instant, locationId: location, grandTotal: money, totalCost: money, cancelled: fc.boolean() }), { maxLength: 30 }),
  expenses: fc.array(
    fc.record({ at: instant, locationId: location, category: fc.constantFrom<ExpenseCategory>(...EXPENSE_CATEGORIES), amount: money, cancelled: fc.boolean(), deleted: fc.boolean() }),
    { maxLength: 30 },
  ),
  transferCostTransactions: fc.array(fc.record({ at: instant, locationId: location, amount: money.map((m) => `-${m}`) }), { maxLength: 10 }),
  capitalisedTransferCosts: fc.array(fc.record({ at: instant, locationId: location, amount: money }), { maxLength: 10 }),
});
const zoneArb = fc.constantFrom('UTC', 'Asia/Kolkata', 'America/New_York', 'Pacific/Chatham', 'Asia/Kathmandu');

const sum = (values: readonly Big.BigSource[]) => values.reduce<Big>((total, value) => total.plus(value), new Big(0));

describe('profit and loss (property)', () => {
  it('equals what its source rows sum to, and the per-day points sum to the totals', () => {
    fc.assert(
      fc.property(sourcesArb, zoneArb, instant, instant, (sources, timeZone, a, b) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const inRange = (at: Date) => at >= start && at <= end;
        const report = profitAndLoss(dayFigures(sources, { start, end, timeZone }), rangeDays(start, end, timeZone));

        const sales = sources.sales.filter((s) => !s.cancelled && inRange(s.at));
        const expenses = sources.expenses.filter((e) => !e.cancelled && !e.deleted && inRange(e.at));
        const revenue = sum(sales.map((s) => s.grandTotal));
        const cost = sum(sales.map((s) => s.totalCost));
        const totalExpenses = sum(expenses.map((e) => e.amount));
        const transferCosts = sum(sources.transferCostTransactions.filter((t) => inRange(t.at)).map((t) => t.amount)).neg();
        expect(report.revenue).toBe(revenue.toFixed(4));
        expect(report.costOfGoodsSold).toBe(cost.toFixed(4));
        expect(report.grossProfit).toBe(revenue.minus(cost).toFixed(4));
        for (const category of EXPENSE_CATEGORIES) {
          expect(report.expenses[category]).toBe(sum(expenses.filter((e) => e.category === category).map((e) => e.amount)).toFixed(4));
        }
        expect(report.totalExpenses).toBe(totalExpenses.toFixed(4));
        expect(report.transferCosts).toBe(transferCosts.toFixed(4));
        expect(report.transferCostsCapitalised).toBe(sum(sources.capitalisedTransferCosts.filter((t) => inRange(t.at)).map((t) => t.amount)).toFixed(4));
        expect(report.netProfit).toBe(revenue.minus(cost).minus(totalExpenses).minus(transferCosts).toFixed(4));

        // One point per day, in order, without gaps; the points sum to the totals.
        const days = report.incomeExpense.map((p) => p.date);
        expect(days).toEqual(rangeDays(start, end, timeZone));
        expect(report.profitLoss.map((p) => p.date)).toEqual(days);
        expect(sum(report.incomeExpense.map((p) => p.income)).toFixed(4)).toBe(report.revenue);
        expect(sum(report.incomeExpense.map((p) => p.expense)).toFixed(4)).toBe(new Big(report.costOfGoodsSold).plus(report.totalExpenses).plus(report.transferCosts).toFixed(4));
        expect(sum(report.profitLoss.map((p) => p.amount)).toFixed(4)).toBe(report.netProfit);
        // The locations' figures add up to the whole.
        expect(sum(report.locations.map((l) => l.netProfit)).toFixed(4)).toBe(report.netProfit);
        expect(sum(report.locations.map((l) => l.revenue)).toFixed(4)).toBe(report.revenue);
      }),
      { numRuns: 200 },
    );
  });
});
