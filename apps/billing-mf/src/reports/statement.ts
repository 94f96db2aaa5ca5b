import Big from 'big.js';
import { EXPENSE_CATEGORIES, figureWord, MINOR_UNIT_DIGITS, type CurrencyCode } from '@stockbook/domain';
import type { ProfitLossLocation, ProfitLossReport } from '@stockbook/contracts';

/** The figures of rule 6 (the whole report's, or one location's). */
export type ProfitLossFigures = Omit<ProfitLossLocation, 'locationID'>;

/** One line of the statement: a figure, a category under Expenses, a subtotal, the result, or a note. */
export interface StatementLine {
  key: string;
  label: string;
  kind: 'figure' | 'category' | 'subtotal' | 'result' | 'note';
  amount: (figures: ProfitLossFigures) => string;
}

/**
 * The profit and loss statement, top to bottom: the one list the screen, its per-location table
 * and the CSV export all read, so they always say the same thing.
 */
export const STATEMENT: readonly StatementLine[] = [
  { key: 'revenue', label: `${figureWord('sales')} (net of refunds and tax)`, kind: 'figure', amount: (f) => f.revenue },
  { key: 'costOfGoodsSold', label: figureWord('costOfGoodsSold'), kind: 'figure', amount: (f) => f.costOfGoodsSold },
  { key: 'grossProfit', label: 'Gross profit', kind: 'subtotal', amount: (f) => f.grossProfit },
  ...EXPENSE_CATEGORIES.map((category): StatementLine => ({ key: `expense:${category}`, label: category, kind: 'category', amount: (f) => f.expenses[category] })),
  { key: 'totalExpenses', label: 'Total expenses', kind: 'subtotal', amount: (f) => f.totalExpenses },
  { key: 'transferCosts', label: 'Transfer costs borne', kind: 'figure', amount: (f) => f.transferCosts },
  { key: 'netProfit', label: figureWord('netProfit'), kind: 'result', amount: (f) => f.netProfit },
  { key: 'taxCollected', label: `${figureWord('taxCollected')} (owed, not income)`, kind: 'note', amount: (f) => f.taxCollected },
  { key: 'transferCostsCapitalised', label: 'Transfer costs capitalised into stock (for information)', kind: 'note', amount: (f) => f.transferCostsCapitalised },
];

/** A line's name standing alone (in a table or file without the statement's "Expenses" heading). */
export const lineName = (line: StatementLine) => (line.kind === 'category' ? `Expenses: ${line.label}` : line.label);

/** Names each location id (an id no longer listed keeps its id). */
export type LocationNamer = (id: string) => string;

/**
 * The report as CSV rows: what it covers, the statement (the whole report, then each location with
 * figures), then one row per day (income, expense, profit or loss). Amounts in the currency's
 * decimals, as a person reads them on the screen (issue 22, rule 6); a cost carries 4 places in the
 * books, so a column of rounded figures can differ from its rounded total by a cent.
 */
export function reportCsvRows(report: ProfitLossReport, name: LocationNamer, currency: CurrencyCode): string[][] {
  const locations = report.byLocation;
  const amount = (value: string) => new Big(value).toFixed(MINOR_UNIT_DIGITS[currency], Big.roundHalfUp);
  const profitByDay = new Map(report.profitLoss.map((point) => [point.date, point.amount]));
  return [
    ['Profit and loss'],
    ['From', report.startDate],
    ['To', report.endDate],
    ['Time zone', report.timeZone],
    ['Locations', report.locations.map(name).join('; ')],
    [],
    ['Figure', 'All locations', ...locations.map((one) => name(one.locationID))],
    ...STATEMENT.map((line) => [lineName(line), amount(line.amount(report)), ...locations.map((one) => amount(line.amount(one)))]),
    [],
    ['Date', figureWord('sales'), figureWord('costs'), 'Profit or loss'],
    ...report.incomeExpense.map((point) => [point.date, amount(point.income), amount(point.expense), amount(profitByDay.get(point.date) ?? '0')]),
  ];
}

/** The export's file name: profit-and-loss-<first day>-<last day>.csv. */
export const reportFileName = (firstDay: string, lastDay: string) => `profit-and-loss-${firstDay}-${lastDay}.csv`;
