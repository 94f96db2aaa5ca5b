import { z } from 'zod';
import { RECEIVING_METHODS, TRANSACTION_TYPES } from '@stockbook/domain';
import { datedMoneyQuery, MoneyPersonSchema, PositiveMoneySchema } from './expenses.contract';
import { IdListQuerySchema } from './locations.contract';

/**
 * The money book: transactions, capital and withdrawals (specification sections 3 "Transaction",
 * 7; issue 15, rules 4 and 5). Every transaction is append-only: a correction is a new reversing
 * transaction (`reversesID`), never an update. `balance` is the location's running balance right
 * after it, and a location's `currentBalance` is the sum of its transactions' amounts.
 *
 * Paths (under /api/v1/); reads are limited to the caller's business and the locations where the
 * caller holds view:transaction (a requested location outside them is left out; another business's
 * location is never shown):
 * - GET  user/transaction?limit=&type=&locations=                     view:transaction -> TransactionListResponse:
 *                                                                      the latest `limit` (default 50), newest first
 * - GET  user/transaction/paginated?page=&limit=&locations=&type=     view:transaction -> TransactionPageResponse
 * - GET  user/transaction/dated?startDate=&endDate=&locations=&type=  view:transaction -> TransactionListResponse;
 *                                                                      default range today's bounds, no location filter
 *   Each answer carries `balances`: currentBalance and creditBalance of every location it may show.
 * - POST user/admin/capital       root users and user admins  CapitalRequest -> MoneyMovementResponse (201):
 *                                 a Capital transaction (+amount) and an activity entry (entity Capital)
 * - POST user/admin/withdrawal    root users and user admins  WithdrawalRequest -> MoneyMovementResponse (201):
 *                                 a Withdrawal transaction (-amount) and an activity entry (entity Withdrawal)
 *
 * Errors: INSUFFICIENT_BALANCE 409 (a withdrawal beyond the location's currentBalance without
 * `allowNegativeBalance: true`; `fieldErrors.amount`), VALIDATION_FAILED 400 (an amount of 0 or less,
 * a bad date or type), NOT_FOUND 404 (another business's location), FORBIDDEN 403.
 * Live data: capital and withdrawals reload `transactions` and `reports` (balances are shown in the
 * transaction answers, not in the locations list).
 */

const id = (what: string) => {
  const message = `Choose ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what}.`;
  return z.string({ error: message }).uuid(message);
};

export const TransactionTypeSchema = z.enum(TRANSACTION_TYPES, { error: `Choose a type: ${TRANSACTION_TYPES.join(', ')}.` });

export const TransactionSchema = z.object({
  _id: z.string(),
  /** Who posted it. */
  user: MoneyPersonSchema,
  invoiceID: z.string().nullable(),
  expenseID: z.string().nullable(),
  transferID: z.string().nullable(),
  /** The transaction this one reverses (a cancelled expense's, for example). */
  reversesID: z.string().nullable(),
  locationID: z.string(),
  transactionType: TransactionTypeSchema,
  /** How money received or paid back on an invoice moved (Cash, Card, Cheque, Bank_Transfer); null for the rest. */
  paymentMethod: z.enum(RECEIVING_METHODS).nullable(),
  /** What the owner wrote with capital or a withdrawal; null for the rest. */
  description: z.string().nullable(),
  /** Signed: + received, - paid out. */
  amount: z.string(),
  /** The location's running balance right after this transaction. */
  balance: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** A location's balances now: currentBalance (Σ its transactions) and creditBalance (owed to it). */
export const LocationBalanceSchema = z.object({ locationID: z.string(), currentBalance: z.string(), creditBalance: z.string() });
export type LocationBalance = z.infer<typeof LocationBalanceSchema>;

export const TransactionListResponseSchema = z.object({ transactions: z.array(TransactionSchema), balances: z.array(LocationBalanceSchema) });
export type TransactionListResponse = z.infer<typeof TransactionListResponseSchema>;
export const TransactionPageResponseSchema = z.object({
  transactions: z.array(TransactionSchema),
  balances: z.array(LocationBalanceSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type TransactionPageResponse = z.infer<typeof TransactionPageResponseSchema>;

/** What capital and withdrawals answer: the transaction written and the location's balances after it. */
export const MoneyMovementResponseSchema = z.object({ transaction: TransactionSchema, balance: LocationBalanceSchema });
export type MoneyMovementResponse = z.infer<typeof MoneyMovementResponseSchema>;

const limit = (fallback: number) =>
  z.coerce.number({ error: 'Limit must be a number.' }).int('Limit must be a whole number.').min(1, 'Limit must be at least 1.').max(200, 'Limit must be at most 200.').default(fallback);
const page = z.coerce.number({ error: 'Page must be a number.' }).int('Page must be a whole number.').min(1, 'Page must be at least 1.').max(1_000_000, 'Page must be at most 1,000,000.').default(1);

/**
 * `money` of the transaction reads, so a till can be counted: `cash` only what moved in cash
 * (sales, payments and refunds paid by Cash), `other` everything else (card, cheque, bank transfer,
 * and the transactions of no payment method: expenses, capital, withdrawals, transfer costs).
 */
export const TILL_MONEY = ['cash', 'other'] as const;
export type TillMoney = (typeof TILL_MONEY)[number];
const money = z.enum(TILL_MONEY, { error: 'Money must be cash or other.' }).optional();

/** GET user/transaction: the latest `limit`, optionally of one type, one kind of money and some locations. */
export const LatestTransactionsQuerySchema = z.strictObject({ limit: limit(50), type: TransactionTypeSchema.optional(), money, locations: IdListQuerySchema });
export interface LatestTransactionsQuery {
  limit?: number;
  type?: Transaction['transactionType'];
  money?: TillMoney;
  locations?: string[];
}

/** GET user/transaction/paginated: newest first. */
export const PaginatedTransactionsQuerySchema = z.strictObject({ page, limit: limit(20), type: TransactionTypeSchema.optional(), money, locations: IdListQuerySchema });
export interface PaginatedTransactionsQuery extends LatestTransactionsQuery {
  page?: number;
}

/** GET user/transaction/dated: newest first, by when each was posted. */
export const DatedTransactionsQuerySchema = datedMoneyQuery({ type: TransactionTypeSchema.optional(), money });
export interface DatedTransactionsQuery {
  startDate?: string;
  endDate?: string;
  type?: Transaction['transactionType'];
  money?: TillMoney;
  locations?: string[];
}

/** POST user/admin/capital: money put into a location. */
export const CapitalRequestSchema = z.strictObject({
  locationID: id('location'),
  amount: PositiveMoneySchema('Amount'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters.').default(''),
});
export type CapitalRequest = z.input<typeof CapitalRequestSchema>;

/** POST user/admin/withdrawal: money taken out; beyond the balance only with `allowNegativeBalance: true`. */
export const WithdrawalRequestSchema = CapitalRequestSchema.extend({
  allowNegativeBalance: z.boolean({ error: 'Say whether a negative balance is allowed (true or false).' }).default(false),
});
export type WithdrawalRequest = z.input<typeof WithdrawalRequestSchema>;
