import { z } from 'zod';
import { EXPENSE_CATEGORIES } from '@stockbook/domain';
import { IdListQuerySchema } from './locations.contract';
import { AmountSchema, DateTimeSchema } from './items.contract';

/**
 * Expenses (specification sections 3 "Expense", 7, 9 "Expense categories"; issue 15, rule 3). The
 * rules are `@stockbook/domain`'s (expenseMovement, planExpenseCancel, planExpenseDelete); these
 * are the shapes on the wire.
 *
 * Paths (under /api/v1/); each is limited to the caller's business and to the locations where the
 * caller holds the action (403 otherwise, naming the location only when the caller may see it);
 * another business's expense or location is a 404:
 * - POST user/expense                   create:expense (at its location)  CreateExpenseRequest -> ExpenseResponse (201).
 *                                       Writes an Expense transaction of minus the amount at the location.
 * - GET  user/expense?startDate=&endDate=&locations=   view:expense -> ExpenseListResponse: by `date`, newest
 *                                       first, cancelled ones included (marked), deleted ones not; default
 *                                       range today's bounds (server day), no location filter (section 9).
 * - GET  user/expense/{id}              view:expense (at its location)    -> ExpenseResponse (a deleted one too)
 * - POST user/expense/cancel            cancel:expense  ExpenseIdRequest -> ExpenseResponse: a reversing
 *                                       transaction (`reversesID` = the expense's); stays listed as cancelled.
 * - POST user/expense/delete            delete:expense  ExpenseIdRequest -> ExpenseResponse: leaves the lists;
 *                                       its money is reversed unless a cancel already did.
 *
 * Errors: EXPENSE_STATUS 409 (cancelling a cancelled or deleted expense, deleting a deleted one),
 * VALIDATION_FAILED 400 with `fieldErrors` (a category not of the nine, an amount of 0 or less, a bad
 * date), NOT_FOUND 404, FORBIDDEN 403.
 * Money: decimal strings (4 places). Live data: every write reloads `expenses`, `transactions` and
 * `reports` (the locations list shows no balances; the transaction answers carry them).
 */

const id = (what: string) => {
  const message = `Choose ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what}.`;
  return z.string({ error: message }).uuid(message);
};

/** A positive amount of money (more than 0, at most 4 places). */
export const PositiveMoneySchema = (label: string) => AmountSchema(label).refine((value) => /[1-9]/.test(value), `${label} must be more than 0.`);

export const ExpenseCategorySchema = z.enum(EXPENSE_CATEGORIES, { error: `Choose a category: ${EXPENSE_CATEGORIES.join(', ')}.` });

export const MoneyPersonSchema = z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() });

export const ExpenseSchema = z.object({
  _id: z.string(),
  /** Paid out (positive). */
  amount: z.string(),
  category: ExpenseCategorySchema,
  description: z.string(),
  /** When the expense was incurred. */
  date: z.string(),
  locationID: z.string(),
  /** Who recorded it. */
  user: MoneyPersonSchema,
  cancelled: z.boolean(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
});
export type Expense = z.infer<typeof ExpenseSchema>;

export const ExpenseResponseSchema = z.object({ expense: ExpenseSchema });
export type ExpenseResponse = z.infer<typeof ExpenseResponseSchema>;
export const ExpenseListResponseSchema = z.object({ expenses: z.array(ExpenseSchema) });
export type ExpenseListResponse = z.infer<typeof ExpenseListResponseSchema>;

/** POST user/expense. `date` defaults to now. */
export const CreateExpenseRequestSchema = z.strictObject({
  locationID: id('location'),
  amount: PositiveMoneySchema('Amount'),
  category: ExpenseCategorySchema,
  description: z.string().trim().max(500, 'Description must be at most 500 characters.').default(''),
  date: DateTimeSchema('Date').optional(),
});
export type CreateExpenseRequest = z.input<typeof CreateExpenseRequestSchema>;

/** POST user/expense/cancel and user/expense/delete. */
export const ExpenseIdRequestSchema = z.strictObject({ expenseID: id('expense') });
export type ExpenseIdRequest = z.input<typeof ExpenseIdRequestSchema>;

const endNotBeforeStart = ({ startDate, endDate }: { startDate?: string; endDate?: string }) => !startDate || !endDate || Date.parse(endDate) >= Date.parse(startDate);

/** The query of a money list by date: startDate, endDate (the end not before the start: a 400 on `endDate`), locations, and `extra`. */
export const datedMoneyQuery = <T extends z.ZodRawShape>(extra: T) =>
  z
    .strictObject({
      startDate: DateTimeSchema('Start date').optional(),
      endDate: DateTimeSchema('End date').optional(),
      locations: IdListQuerySchema,
      ...extra,
    })
    .refine((query) => endNotBeforeStart(query as { startDate?: string; endDate?: string }), {
    message: 'End date must not be before the start date.',
    path: ['endDate'],
  });

/** GET user/expense: from startDate to endDate by the expense's `date` (both default to today's bounds), optionally only some locations. */
export const DatedExpensesQuerySchema = datedMoneyQuery({});
export interface DatedExpensesQuery {
  startDate?: string;
  endDate?: string;
  locations?: string[];
}
