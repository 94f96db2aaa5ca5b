import { describe, expect, it } from '@jest/globals';
import dayjs from 'dayjs';
import type { ProfitLossReport } from '@stockbook/contracts';
import { EXPENSE_CATEGORIES } from '@stockbook/domain';
import { defaultReportRange, describeRange, RANGE_PRESETS } from './report-range';
import { reportCsvRows, STATEMENT } from './statement';

const zeros = Object.fromEntries(EXPENSE_CATEGORIES.map((category) => [category, '0.0000'])) as ProfitLossReport['expenses'];
const figures = (revenue: string, cost: string, rent: string, transfer: string, net: string) => ({
  revenue,
  taxCollected: '0.5000',
  costOfGoodsSold: cost,
  grossProfit: (Number(revenue) - Number(cost)).toFixed(4),
  expenses: { ...zeros, Rent: rent },
  totalExpenses: rent,
  transferCosts: transfer,
  transferCostsCapitalised: '1.0000',
  netProfit: net,
});

const report: ProfitLossReport = {
  startDate: '2026-03-01T00:00:00.000Z',
  endDate: '2026-03-02T23:59:59.999Z',
  timeZone: 'Europe/London',
  locations: ['a', 'b'],
  ...figures('110.0000', '41.0000', '15.0000', '2.0000', '52.0000'),
  incomeExpense: [
    { date: '2026-03-01', income: '50.0000', expense: '35.0000' },
    { date: '2026-03-02', income: '60.0000', expense: '23.0000' },
  ],
  profitLoss: [
    { date: '2026-03-01', amount: '15.0000' },
    { date: '2026-03-02', amount: '37.0000' },
  ],
  byLocation: [
    { locationID: 'a', ...figures('80.0000', '32.0000', '15.0000', '2.0000', '31.0000') },
    { locationID: 'b', ...figures('30.0000', '9.0000', '0.0000', '0.0000', '21.0000') },
  ],
};

describe('the profit and loss statement', () => {
  it('reads from sales down to net profit, with all nine expense categories and the capitalised transfer costs', () => {
    expect(STATEMENT.map((line) => line.label)).toEqual([
      'Sales (net of refunds and tax)',
      'Cost of goods sold',
      'Gross profit',
      ...EXPENSE_CATEGORIES,
      'Total expenses',
      'Transfer costs borne',
      'Net profit',
      'Tax collected (owed, not income)',
      'Transfer costs capitalised into stock (for information)',
    ]);
  });

  it('exports the scope, the statement for all and each location, then a row per day, amounts in the currency’s decimals', () => {
    const rows = reportCsvRows(report, (id) => ({ a: 'High Street', b: 'Harbour' })[id] ?? id, 'GBP');
    expect(rows.slice(0, 7)).toEqual([
      ['Profit and loss'],
      ['From', '2026-03-01T00:00:00.000Z'],
      ['To', '2026-03-02T23:59:59.999Z'],
      ['Time zone', 'Europe/London'],
      ['Locations', 'High Street; Harbour'],
      [],
      ['Figure', 'All locations', 'High Street', 'Harbour'],
    ]);
    const byName = new Map(rows.slice(7, 7 + STATEMENT.length).map(([name, ...amounts]) => [name, amounts]));
    expect(byName.get('Sales (net of refunds and tax)')).toEqual(['110.00', '80.00', '30.00']);
    expect(byName.get('Expenses: Rent')).toEqual(['15.00', '15.00', '0.00']);
    expect(byName.get('Expenses: Entertainment')).toEqual(['0.00', '0.00', '0.00']);
    expect(byName.get('Net profit')).toEqual(['52.00', '31.00', '21.00']);
    expect(rows.slice(7 + STATEMENT.length)).toEqual([
      [],
      ['Date', 'Sales', 'Costs', 'Profit or loss'],
      ['2026-03-01', '50.00', '35.00', '15.00'],
      ['2026-03-02', '60.00', '23.00', '37.00'],
    ]);
  });
});

describe('the report range', () => {
  const now = dayjs('2026-11-25T15:30:00');

  it('starts as this month so far, and says so', () => {
    const [from, to] = defaultReportRange(now);
    expect(from.format('YYYY-MM-DD HH:mm')).toBe('2026-11-01 00:00');
    expect(to.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-25 23:59:59');
    expect(describeRange([from, to], now)).toBe('This month so far: 1 Nov 2026 to 25 Nov 2026');
  });

  it('names each preset, all ending today, and plain dates otherwise', () => {
    const described = RANGE_PRESETS.map((preset) => describeRange(preset.range(now), now));
    expect(described).toEqual([
      'Today: 25 Nov 2026',
      `This week so far: ${now.startOf('week').format('D MMM YYYY')} to 25 Nov 2026`,
      'This month so far: 1 Nov 2026 to 25 Nov 2026',
      'Last 30 days: 27 Oct 2026 to 25 Nov 2026',
      'This year so far: 1 Jan 2026 to 25 Nov 2026',
    ]);
    expect(describeRange([dayjs('2026-03-01'), dayjs('2026-03-03')], now)).toBe('1 Mar 2026 to 3 Mar 2026');
  });
});
