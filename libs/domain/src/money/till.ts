import Big from 'big.js';
import type { CurrencyCode } from '../currency';
import type { LedgerMovement } from '../sales/ledger';
import { moneyShown, moneyText } from '../sales/money';

/**
 * Counting the till (issue 22, rule 5). The cash a location's till should hold is the sum of its
 * cash transactions: sales and payments taken in cash, less cash paid back, and the overs and
 * shorts of earlier counts. Someone counts what is really there; the difference (counted -
 * expected) is booked as one Till transaction in cash: positive when the till is over, negative
 * when it is short. After the count the expected cash is the counted cash, so each count starts
 * from the last. Money that moves without a method (expenses, capital, withdrawals, transfer
 * costs) is not in the till's figure: cash taken from the till for them shows as short at the next
 * count, with who counted and when.
 */

export interface TillCountPlan {
  readonly expected: string;
  readonly counted: string;
  /** counted - expected: + over, - short, 0 exactly right. */
  readonly difference: string;
  /** None when the till was exactly right. */
  readonly movement: LedgerMovement | null;
}

export function planTillCount(expected: string, counted: string): TillCountPlan {
  const difference = new Big(counted).minus(expected);
  return {
    expected: moneyText(expected),
    counted: moneyText(counted),
    difference: moneyText(difference),
    movement: difference.eq(0) ? null : { transactionType: 'Till', amount: moneyText(difference), creditChange: '0', paymentMethod: 'Cash' },
  };
}

/** A difference as a person reads it: "Over by £2.50", "Short by £0.20", "Exactly right". */
export function tillDifferenceShown(difference: string, currency: CurrencyCode): string {
  const value = new Big(difference);
  if (value.eq(0)) return 'Exactly right';
  return value.gt(0) ? `Over by ${moneyShown(value, currency)}` : `Short by ${moneyShown(value.abs(), currency)}`;
}
