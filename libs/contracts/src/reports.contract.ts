import { z } from 'zod';
import { EXPENSE_CATEGORIES, PROFIT_LOSS_MAX_DAYS } from '@stockbook/domain';
import { IdListQuerySchema } from './locations.contract';
import { DateTimeSchema } from './items.contract';
import { TimeZoneNameSchema } from './auth.contract';

/**
 * Reports (issue 15, rule 6 and the dashboard; specification sections 3 "Transaction report",
 * 7 "Profit and loss", 9). The figures are `@stockbook/domain`'s profitAndLoss (profit-loss.ts
 * says what counts and on which day); these are the shapes on the wire.
 *
 * Paths (under /api/v1/); limited to the caller's business and to the locations where the caller
 * holds `view:report`:
 * - GET user/report/profit-loss?startDate=&endDate=&locations=&timeZone=
 *       view:report at every location asked (403 naming it when visible, "that location" otherwise;
 *       an id of no location of the business is a 404), and `view:cost` (business-wide, 403 without
 *       it): profit is cost of goods sold subtracted from revenue, so the whole report is a cost
 *       figure. Without `locations`, every location where the caller holds view:report.
 *       Default range: today's bounds (00:00:00.000 to 23:59:59.999) in `timeZone`; `timeZone` is an
 *       IANA name (default: the business's time zone) and decides which calendar day each sale, expense and cost falls
 *       on, and so the chart points' dates (YYYY-MM-DD, one per day of the range, zeros included).
 *       -> ProfitLossResponse. 400 (VALIDATION_FAILED with fieldErrors) for a bad date, an endDate
 *       before startDate, a range of more than PROFIT_LOSS_MAX_DAYS days or an unknown time zone.
 * - GET user/report/summary?locations=&timeZone=
 *       view:report (no cost figure, so no view:cost): the dashboard's today (in `timeZone`):
 *       sales (count and Σ grand total of today's live invoices), income (money received today:
 *       Σ Sale and Payment transactions, less Refunds), money out (expenses, withdrawals and transfer
 *       costs paid today), expenses (today's live expenses), and the
 *       outstanding credit (Σ the locations' creditBalance, as of now) -> ReportSummaryResponse.
 *
 * Money: decimal strings with 4 places. Live data: these read `reports`, which every sale, refund,
 * cancellation, payment, expense and transfer write reloads.
 */

/** Each of the nine categories (section 9), zeros included. */
export const ExpensesByCategorySchema = z.object(
  Object.fromEntries(EXPENSE_CATEGORIES.map((category) => [category, z.string()])) as Record<(typeof EXPENSE_CATEGORIES)[number], z.ZodString>,
);

const figures = {
  /** Σ grand total of the live (not cancelled) sales of the range as sold, less the credit notes of the range, net of tax. */
  revenue: z.string(),
  /** Σ tax of those sales: owed to the tax authority, not income (in no profit figure). */
  taxCollected: z.string(),
  /** Σ cost of the stock those sales still hold. */
  costOfGoodsSold: z.string(),
  /** revenue - costOfGoodsSold. */
  grossProfit: z.string(),
  expenses: ExpensesByCategorySchema,
  /** Σ expenses. */
  totalExpenses: z.string(),
  /** Transfer costs borne by the source locations (money paid out: a period cost). */
  transferCosts: z.string(),
  /** For information: the destination's share of transfer costs, raised into the arriving batches' cost (it reaches costOfGoodsSold when that stock sells). */
  transferCostsCapitalised: z.string(),
  /** grossProfit - totalExpenses - transferCosts. */
  netProfit: z.string(),
};

export const ProfitLossLocationSchema = z.object({ locationID: z.string(), ...figures });
export type ProfitLossLocation = z.infer<typeof ProfitLossLocationSchema>;

export const IncomeExpensePointSchema = z.object({ date: z.string(), income: z.string(), expense: z.string() });
export type IncomeExpensePoint = z.infer<typeof IncomeExpensePointSchema>;
export const ProfitLossPointSchema = z.object({ date: z.string(), amount: z.string() });
export type ProfitLossPoint = z.infer<typeof ProfitLossPointSchema>;

export const ProfitLossReportSchema = z.object({
  /** The range read (as instants) and the time zone its days are in. */
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  /** The locations counted. */
  locations: z.array(z.string()),
  ...figures,
  /** One per day of the range: income = revenue, expense = cost of goods sold + expenses + transfer costs. */
  incomeExpense: z.array(IncomeExpensePointSchema),
  /** One per day of the range: income - expense; they sum to netProfit. */
  profitLoss: z.array(ProfitLossPointSchema),
  /** The same figures per location (only locations with any figure). */
  byLocation: z.array(ProfitLossLocationSchema),
});
export type ProfitLossReport = z.infer<typeof ProfitLossReportSchema>;

export const ProfitLossResponseSchema = z.object({ report: ProfitLossReportSchema });
export type ProfitLossResponse = z.infer<typeof ProfitLossResponseSchema>;

export const ReportSummarySchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  /** Today's live invoices. */
  salesCount: z.number().int(),
  /** Sales (FIGURE_WORDS): Σ their grand totals less their tax, net of refunds: profit and loss's revenue for the same day. */
  sales: z.string(),
  /** Money in (FIGURE_WORDS): money received today, Sale and Payment transactions less Refunds. */
  income: z.string(),
  /** Money out (FIGURE_WORDS): paid out today, Expense, Withdrawal and Transfer transactions (reversals net out), as a positive amount. */
  moneyOut: z.string(),
  /** Today's expenses not cancelled or deleted. */
  expenses: z.string(),
  /** Σ creditBalance of the locations: what customers still owe. */
  outstandingCredit: z.string(),
});
export type ReportSummary = z.infer<typeof ReportSummarySchema>;
export const ReportSummaryResponseSchema = z.object({ summary: ReportSummarySchema });
export type ReportSummaryResponse = z.infer<typeof ReportSummaryResponseSchema>;

/** A report's time zone: the business's when left out. */
export const TimeZoneSchema = TimeZoneNameSchema.optional();

/** GET user/report/profit-loss. */
export const ProfitLossQuerySchema = z
  .strictObject({
    startDate: DateTimeSchema('Start date').optional(),
    endDate: DateTimeSchema('End date').optional(),
    locations: IdListQuerySchema,
    timeZone: TimeZoneSchema,
  })
  .superRefine((query, context) => {
    if (!query.startDate || !query.endDate) return;
    const span = Date.parse(query.endDate) - Date.parse(query.startDate);
    if (span < 0) context.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must not be before the start date.' });
    else if (span > PROFIT_LOSS_MAX_DAYS * 86_400_000) context.addIssue({ code: 'custom', path: ['endDate'], message: `A report spans at most ${PROFIT_LOSS_MAX_DAYS} days.` });
  });
export interface ProfitLossQuery {
  startDate?: string;
  endDate?: string;
  locations?: string[];
  timeZone?: string;
}

/** GET user/report/summary. */
export const ReportSummaryQuerySchema = z.strictObject({ locations: IdListQuerySchema, timeZone: TimeZoneSchema });
export interface ReportSummaryQuery {
  locations?: string[];
  timeZone?: string;
}
