/**
 * The refusals of the money rules (issue 15: transfers, expenses, capital and withdrawals), each
 * with the HTTP status the API answers with (409 for a conflict with what is on record, 400 for
 * input the rules cannot take). Oversells of a transfer reuse the sales rules' INSUFFICIENT_STOCK.
 */
export const MONEY_PROBLEM_STATUS = {
  /** A transfer's status forbids the change (only a Pending transfer completes or cancels; a Completed one is never deleted). */
  TRANSFER_STATUS: 409,
  /** A transfer to the location it comes from. */
  SAME_LOCATION: 400,
  /** A transfer cost without saying who bears it (Source, Destination or Both). */
  COST_INCURSION_REQUIRED: 400,
  /** A transfer cost that would make an arriving unit cost more than the most a cost can be (MAX_UNIT_COST). */
  COST_TOO_HIGH: 400,
  /** An expense's state forbids the change (already cancelled or deleted). */
  EXPENSE_STATUS: 409,
  /** A withdrawal beyond the location's balance, without saying so explicitly. */
  INSUFFICIENT_BALANCE: 409,
} as const satisfies Record<string, 400 | 409>;

export type MoneyProblemCode = keyof typeof MONEY_PROBLEM_STATUS;
export const MONEY_PROBLEM_CODES = Object.keys(MONEY_PROBLEM_STATUS) as MoneyProblemCode[];
