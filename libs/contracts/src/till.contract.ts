import { z } from 'zod';
import { MoneyPersonSchema } from './expenses.contract';
import { AmountSchema } from './items.contract';

/**
 * Till counts (issue 22, rule 5; the rule is `@stockbook/domain`'s till.ts): what a location's
 * till should hold in cash, what someone counted, and the over or short booked as a Till
 * transaction (in cash).
 *
 * Paths (under /api/v1/):
 * - GET  user/till-count?locationID=   count:till or view:transaction at the location -> TillResponse:
 *                                       the cash expected now and the latest 50 counts, newest first
 * - POST user/till-count               count:till at the location; TillCountRequest -> TillCountResponse (201):
 *                                       the count, its Till transaction when over or short, an activity entry
 * Errors: 400 (a counted amount below 0 or beyond the minor unit), 403 without the action there,
 * 404 for a location of another business. Live data: reloads `transactions` and `reports`.
 */

export const TillCountSchema = z.object({
  _id: z.string(),
  locationID: z.string(),
  /** Cash the till should have held: Σ the location's cash transactions before the count. */
  expected: z.string(),
  counted: z.string(),
  /** counted - expected: + over, - short. */
  difference: z.string(),
  note: z.string(),
  /** The Till transaction that booked the difference; null when the till was exactly right. */
  transactionID: z.string().nullable(),
  user: MoneyPersonSchema,
  createdAt: z.string(),
});
export type TillCount = z.infer<typeof TillCountSchema>;

export const TillQuerySchema = z.strictObject({ locationID: z.string({ error: 'Choose a location.' }).uuid('Choose a location.') });
export const TillResponseSchema = z.object({ locationID: z.string(), expected: z.string(), counts: z.array(TillCountSchema) });
export type TillResponse = z.infer<typeof TillResponseSchema>;

export const TillCountRequestSchema = z.strictObject({
  locationID: z.string({ error: 'Choose a location.' }).uuid('Choose a location.'),
  counted: AmountSchema('Counted cash'),
  note: z.string().trim().max(200, 'Note must be at most 200 characters.').default(''),
});
export type TillCountRequest = z.input<typeof TillCountRequestSchema>;
export const TillCountResponseSchema = z.object({ count: TillCountSchema, expected: z.string() });
export type TillCountResponse = z.infer<typeof TillCountResponseSchema>;
