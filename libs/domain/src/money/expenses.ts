import Big from 'big.js';
import type { LedgerMovement } from '../sales/ledger';
import { moneyText } from '../sales/money';

/**
 * Expenses (issue 15, rule 3; specification sections 3 "Expense" and 9 "Expense categories").
 *
 * An expense is money a location pays out: creating one posts an Expense movement of minus its
 * amount. Its money is undone at most once, by a reversing movement (same type, opposite sign,
 * `reverses` naming the expense's transaction), never by changing the transaction:
 * - `cancel` reverses it and keeps the expense listed, marked cancelled;
 * - `delete` takes it out of the lists (soft) and reverses it unless a cancel already did.
 * Cancelling a cancelled or deleted expense, or deleting a deleted one, is refused (EXPENSE_STATUS).
 * So an expense nets to its amount while live, and to zero once cancelled or deleted.
 */

/** The nine categories of section 9, in its order. */
export const EXPENSE_CATEGORIES = ['Salary', 'Tax', 'Rent', 'Utilities', 'Office Supplies', 'Travel', 'Meals', 'Entertainment', 'Other'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/** Why a change of money outside sales is refused (MONEY_PROBLEM_STATUS gives the status). */
export interface ExpenseProblem {
  readonly code: 'EXPENSE_STATUS' | 'INSUFFICIENT_BALANCE';
  readonly message: string;
  /** The request field the refusal is about, for field errors. */
  readonly field?: string;
}

/** Either the movement to post, or why there is none. */
export type MoneyMovementResult<T> = ({ readonly ok: true } & T) | { readonly ok: false; readonly problem: ExpenseProblem };

/** An expense as recorded: its amount (positive), its Expense transaction, and its state. */
export interface RecordedExpense {
  readonly amount: string;
  /** The id of the Expense transaction its creation posted. */
  readonly transactionId: string;
  readonly cancelledAt: Date | string | null;
  readonly deletedAt: Date | string | null;
}

/** The movement of a new expense: the location pays `amount` (more than 0) out. */
export function expenseMovement(amount: string): LedgerMovement {
  const value = new Big(amount);
  if (value.lte(0)) throw new RangeError(`an expense's amount is more than 0, not ${amount}`);
  return { transactionType: 'Expense', amount: moneyText(value.neg()), creditChange: '0' };
}

/**
 * What a location's balance would be after paying `amount` out of `currentBalance`, when that is
 * below zero: the expense form warns (it does not refuse: a shop may pay from elsewhere and
 * record it later). Null when the balance stays at or above zero, or the amount is not a number yet.
 */
export function balanceBelowZeroAfter(currentBalance: string, amount: string): string | null {
  let after: Big;
  try {
    const paid = new Big(amount.trim());
    if (paid.lte(0)) return null;
    after = new Big(currentBalance).minus(paid);
  } catch {
    return null;
  }
  return after.lt(0) ? moneyText(after) : null;
}

/** The movement that undoes an expense's money: the amount back in, naming the transaction it reverses. */
function reversal(expense: RecordedExpense): LedgerMovement {
  return { transactionType: 'Expense', amount: moneyText(expense.amount), creditChange: '0', reverses: expense.transactionId };
}

/** Cancel: only a live, not yet cancelled expense; its money comes back. */
export function planExpenseCancel(expense: RecordedExpense): MoneyMovementResult<{ readonly movement: LedgerMovement }> {
  if (expense.deletedAt) return { ok: false, problem: { code: 'EXPENSE_STATUS', message: 'This expense has been deleted.' } };
  if (expense.cancelledAt) return { ok: false, problem: { code: 'EXPENSE_STATUS', message: 'This expense has already been cancelled.' } };
  return { ok: true, movement: reversal(expense) };
}

/** Delete: leaves the lists; its money comes back unless a cancel already brought it back (then no movement). */
export function planExpenseDelete(expense: RecordedExpense): MoneyMovementResult<{ readonly movement: LedgerMovement | null }> {
  if (expense.deletedAt) return { ok: false, problem: { code: 'EXPENSE_STATUS', message: 'This expense has already been deleted.' } };
  return { ok: true, movement: expense.cancelledAt ? null : reversal(expense) };
}
