import Big from 'big.js';
import { moneyText } from '../sales/money';
import { EXPENSE_CATEGORIES, type ExpenseCategory } from './expenses';

/**
 * Profit and loss (issue 15, rule 6; specification section 3 "Transaction report": income/expense
 * chart points (date, income, expense) and profit/loss chart points (date, amount)).
 *
 * What counts, and on which day (a day is a calendar day in the time zone the reader asks for):
 * - Revenue: the grand total of every sale not cancelled, as sold, on the day of the sale, less
 *   each of its credit notes on the day the credit note was made (issue 22, rule 1): a sale of last
 *   month refunded today lowers today, not last month. A cancelled invoice (deletedAt set) counts
 *   nothing, and neither do its credit notes. Over any range holding both, the figures are Σ
 *   grandTotal and Σ totalCost of the live invoices (sold less credited), the numbers they show.
 *   Revenue is net of tax (issue 21): Σ (grandTotal - totalTax). The tax is owed to the tax
 *   authority, not earned: it is reported apart as `taxCollected` (Σ totalTax of the same sales
 *   less that of the credit notes), and counts in no profit.
 * - Cost of goods sold: the cost of the stock those sales drew, less the cost of what their credit
 *   notes returned, each on its own day.
 * - Expenses: each category's amounts on the expense's own date, leaving out cancelled and deleted
 *   expenses (their money is reversed in the ledger, so they cost nothing). All nine categories of
 *   section 9 are always present, zeros included.
 * - Transfer costs borne: a transfer's cost borne by its source (costIncursion Source, or the
 *   source half of Both) is money paid out by the source, an expense of the period: the net of the
 *   source's Transfer transactions (a reversal nets to zero), on the day they were posted.
 *   The destination's share is not a period cost: it was capitalised into the arriving batches' unit
 *   cost, so it stays in stock value and reaches cost of goods sold only when that stock is sold.
 *   It is reported for information as `transferCostsCapitalised` (on the day the transfer
 *   completed) and is not subtracted from the profit.
 * - grossProfit = revenue - costOfGoodsSold; netProfit = grossProfit - totalExpenses - transferCosts.
 * - Chart points, one per day of the range (zeros on empty days): income = that day's revenue,
 *   expense = its cost of goods sold + expenses + transfer costs borne, and profit/loss amount =
 *   income - expense. So Σ income = revenue, Σ expense = costOfGoodsSold + totalExpenses +
 *   transferCosts and Σ amount = netProfit, exactly.
 * Money is exact (big.js) and written with MONEY_SCALE places; nothing is rounded here, as every
 * source figure is already a money amount.
 */

/** The most days one report spans (ten years and a bit): its chart has one point per day. */
export const PROFIT_LOSS_MAX_DAYS = 3660;

/** What one location did on one day (the API's SQL aggregates give these; dayFigures gives them from source rows). */
export interface DayFigures {
  /** YYYY-MM-DD in the report's time zone. */
  readonly date: string;
  readonly locationId: string;
  /** Net of tax. */
  readonly revenue: string;
  /** Σ totalTax of the same sales (absent: none). */
  readonly taxCollected?: string;
  readonly costOfGoodsSold: string;
  readonly expenses: Partial<Record<ExpenseCategory, string>>;
  readonly transferCosts: string;
  readonly transferCostsCapitalised: string;
}

export type ExpenseFigures = Record<ExpenseCategory, string>;

export interface ProfitLossFigures {
  readonly revenue: string;
  readonly taxCollected: string;
  readonly costOfGoodsSold: string;
  readonly grossProfit: string;
  readonly expenses: ExpenseFigures;
  readonly totalExpenses: string;
  readonly transferCosts: string;
  readonly transferCostsCapitalised: string;
  readonly netProfit: string;
}

export interface ProfitLossReport extends ProfitLossFigures {
  readonly incomeExpense: { date: string; income: string; expense: string }[];
  readonly profitLoss: { date: string; amount: string }[];
  /** The same figures per location, for every location that had any (sorted by id). */
  readonly locations: (ProfitLossFigures & { locationId: string })[];
}

// ---- Source rows (what the figures come from) ----------------------------------------------------

export interface SaleRow {
  readonly at: Date;
  readonly locationId: string;
  /** The grand total as sold (before any credit note). */
  readonly grandTotal: string;
  /** The cost of the stock it drew. */
  readonly totalCost: string;
  /** The tax within the grand total as sold (absent: none). */
  readonly totalTax?: string;
  readonly cancelled: boolean;
}

/** A credit note (a refund), counted minus on its own day; `cancelled` when its invoice was. */
export interface CreditNoteRow {
  readonly at: Date;
  readonly locationId: string;
  readonly grandTotal: string;
  readonly totalCost: string;
  readonly totalTax: string;
  readonly cancelled: boolean;
}

export interface ExpenseRow {
  /** The expense's date. */
  readonly at: Date;
  readonly locationId: string;
  readonly category: ExpenseCategory;
  readonly amount: string;
  readonly cancelled: boolean;
  readonly deleted: boolean;
}

/** A transaction of type Transfer: a transfer cost paid by the source (negative), or its reversal (positive). */
export interface TransferCostTransactionRow {
  readonly at: Date;
  readonly locationId: string;
  readonly amount: string;
}

/** The destination's share of a completed transfer's cost, raised into its arriving batches. */
export interface CapitalisedTransferCostRow {
  readonly at: Date;
  readonly locationId: string;
  readonly amount: string;
}

export interface ProfitLossSources {
  readonly sales: readonly SaleRow[];
  readonly creditNotes?: readonly CreditNoteRow[];
  readonly expenses: readonly ExpenseRow[];
  readonly transferCostTransactions: readonly TransferCostTransactionRow[];
  readonly capitalisedTransferCosts: readonly CapitalisedTransferCostRow[];
}

// ---- Days in a time zone -------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, found);
  }
  return found;
}

/** Whether `name` is an IANA time zone this runtime knows ('UTC', 'Europe/London', 'Asia/Kolkata' ...). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

function wallClock(instant: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

/** The calendar day (YYYY-MM-DD) `instant` falls on in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(new Date(instant), timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The first instant of `date` (YYYY-MM-DD) in `timeZone` (a day that starts in a DST gap starts when it first exists). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(year, month - 1, day);
  let instant = midnight - offsetAt(midnight, timeZone);
  instant = midnight - offsetAt(instant, timeZone);
  // In a gap the wall clock skips midnight: step forward to the day's first existing minute.
  while (localDate(new Date(instant), timeZone) < date) instant += 60_000;
  while (localDate(new Date(instant - 1), timeZone) === date) instant -= 60_000;
  return new Date(instant);
}

/** The day after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** Today's bounds in `timeZone` (00:00:00.000 to 23:59:59.999 local): section 9's default range. */
export function todayBounds(now: Date, timeZone: string): { start: Date; end: Date } {
  const today = localDate(now, timeZone);
  return { start: startOfLocalDay(today, timeZone), end: new Date(startOfLocalDay(nextDate(today), timeZone).getTime() - 1) };
}

/** Every day from the day of `start` to the day of `end` in `timeZone`, oldest first (none when end is before start). */
export function rangeDays(start: Date, end: Date, timeZone: string): string[] {
  if (end.getTime() < start.getTime()) return [];
  const last = localDate(end, timeZone);
  const days: string[] = [];
  for (let day = localDate(start, timeZone); day <= last; day = nextDate(day)) days.push(day);
  return days;
}

// ---- The report ----------------------------------------------------------------------------------

const ZERO = new Big(0);

interface Sums {
  revenue: Big;
  tax: Big;
  cost: Big;
  expenses: Map<ExpenseCategory, Big>;
  transferCosts: Big;
  capitalised: Big;
}

const emptySums = (): Sums => ({ revenue: ZERO, tax: ZERO, cost: ZERO, expenses: new Map(), transferCosts: ZERO, capitalised: ZERO });

function add(sums: Sums, day: DayFigures): void {
  sums.revenue = sums.revenue.plus(day.revenue);
  sums.tax = sums.tax.plus(day.taxCollected ?? 0);
  sums.cost = sums.cost.plus(day.costOfGoodsSold);
  for (const [category, amount] of Object.entries(day.expenses) as [ExpenseCategory, string][]) {
    sums.expenses.set(category, (sums.expenses.get(category) ?? ZERO).plus(amount));
  }
  sums.transferCosts = sums.transferCosts.plus(day.transferCosts);
  sums.capitalised = sums.capitalised.plus(day.transferCostsCapitalised);
}

function totalOf(sums: Sums): Big {
  let total = ZERO;
  for (const amount of sums.expenses.values()) total = total.plus(amount);
  return total;
}

function figures(sums: Sums): ProfitLossFigures {
  const totalExpenses = totalOf(sums);
  const gross = sums.revenue.minus(sums.cost);
  return {
    revenue: moneyText(sums.revenue),
    taxCollected: moneyText(sums.tax),
    costOfGoodsSold: moneyText(sums.cost),
    grossProfit: moneyText(gross),
    expenses: Object.fromEntries(EXPENSE_CATEGORIES.map((category) => [category, moneyText(sums.expenses.get(category) ?? ZERO)])) as ExpenseFigures,
    totalExpenses: moneyText(totalExpenses),
    transferCosts: moneyText(sums.transferCosts),
    transferCostsCapitalised: moneyText(sums.capitalised),
    netProfit: moneyText(gross.minus(totalExpenses).minus(sums.transferCosts)),
  };
}

/**
 * The report for `days` (every day of the range, YYYY-MM-DD, oldest first) from what each location
 * did each day. Figures dated outside `days` are ignored.
 */
export function profitAndLoss(figuresByDay: readonly DayFigures[], days: readonly string[]): ProfitLossReport {
  const inRange = new Set(days);
  const total = emptySums();
  const perDay = new Map<string, Sums>(days.map((day) => [day, emptySums()]));
  const perLocation = new Map<string, Sums>();
  for (const day of figuresByDay) {
    if (!inRange.has(day.date)) continue;
    add(total, day);
    add(perDay.get(day.date)!, day);
    let location = perLocation.get(day.locationId);
    if (!location) perLocation.set(day.locationId, (location = emptySums()));
    add(location, day);
  }
  const incomeExpense = days.map((date) => {
    const sums = perDay.get(date)!;
    return { date, income: sums.revenue, expense: sums.cost.plus(totalOf(sums)).plus(sums.transferCosts) };
  });
  return {
    ...figures(total),
    incomeExpense: incomeExpense.map(({ date, income, expense }) => ({ date, income: moneyText(income), expense: moneyText(expense) })),
    profitLoss: incomeExpense.map(({ date, income, expense }) => ({ date, amount: moneyText(income.minus(expense)) })),
    locations: [...perLocation.keys()].sort().map((locationId) => ({ locationId, ...figures(perLocation.get(locationId)!) })),
  };
}

/**
 * What each location did each day, from the source rows, for the rows within [start, end]: the
 * reference the API's SQL aggregates must agree with (see the file comment for what counts).
 */
export function dayFigures(sources: ProfitLossSources, range: { start: Date; end: Date; timeZone: string }): DayFigures[] {
  const within = (at: Date) => at.getTime() >= range.start.getTime() && at.getTime() <= range.end.getTime();
  const cells = new Map<string, { date: string; locationId: string; revenue: Big; tax: Big; cost: Big; expenses: Map<ExpenseCategory, Big>; transfer: Big; capitalised: Big }>();
  const cell = (at: Date, locationId: string) => {
    const date = localDate(at, range.timeZone);
    const key = `${date} ${locationId}`;
    let found = cells.get(key);
    if (!found) cells.set(key, (found = { date, locationId, revenue: ZERO, tax: ZERO, cost: ZERO, expenses: new Map(), transfer: ZERO, capitalised: ZERO }));
    return found;
  };
  for (const sale of sources.sales) {
    if (sale.cancelled || !within(sale.at)) continue;
    const target = cell(sale.at, sale.locationId);
    target.revenue = target.revenue.plus(sale.grandTotal).minus(sale.totalTax ?? 0);
    target.tax = target.tax.plus(sale.totalTax ?? 0);
    target.cost = target.cost.plus(sale.totalCost);
  }
  for (const note of sources.creditNotes ?? []) {
    if (note.cancelled || !within(note.at)) continue;
    const target = cell(note.at, note.locationId);
    target.revenue = target.revenue.minus(note.grandTotal).plus(note.totalTax);
    target.tax = target.tax.minus(note.totalTax);
    target.cost = target.cost.minus(note.totalCost);
  }
  for (const expense of sources.expenses) {
    if (expense.cancelled || expense.deleted || !within(expense.at)) continue;
    const target = cell(expense.at, expense.locationId);
    target.expenses.set(expense.category, (target.expenses.get(expense.category) ?? ZERO).plus(expense.amount));
  }
  for (const transaction of sources.transferCostTransactions) {
    if (!within(transaction.at)) continue;
    const target = cell(transaction.at, transaction.locationId);
    target.transfer = target.transfer.minus(transaction.amount);
  }
  for (const share of sources.capitalisedTransferCosts) {
    if (!within(share.at)) continue;
    const target = cell(share.at, share.locationId);
    target.capitalised = target.capitalised.plus(share.amount);
  }
  return [...cells.values()].map((c) => ({
    date: c.date,
    locationId: c.locationId,
    revenue: moneyText(c.revenue),
    taxCollected: moneyText(c.tax),
    costOfGoodsSold: moneyText(c.cost),
    expenses: Object.fromEntries([...c.expenses].map(([category, amount]) => [category, moneyText(amount)])),
    transferCosts: moneyText(c.transfer),
    transferCostsCapitalised: moneyText(c.capitalised),
  }));
}
