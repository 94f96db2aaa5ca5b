import Big from 'big.js';
import { moneyText } from './money';
import type { ReceivingMethod } from './payment-methods';

/**
 * A location's money book (specification section 3, Transaction and the location's
 * currentBalance / creditBalance; issue 14, rule 3).
 *
 * The sales rules describe what an action does to money as movements; the ledger service applies
 * them under the location's row lock with postToLedger, which gives the transactions to write and
 * the location's new balances:
 * - `amount` is signed: what the location received (Sale, Payment) is positive, what it paid back
 *   (Refund, and the reversal of a cancelled invoice) negative. currentBalance is the sum of the
 *   location's transaction amounts, and each transaction's `balance` is currentBalance right after
 *   it (its running balance).
 * - `creditChange` moves creditBalance, the credit still owed to the location: Σ outstanding of its
 *   live invoices.
 * A movement of no money (a sale entirely on credit) writes no transaction but still moves credit.
 *
 * Issue 15 adds the kinds money moves by outside sales: an Expense (negative), Capital put in
 * (positive), a Withdrawal (negative) and a Transfer cost paid by the location bearing it (negative;
 * the source's share is an expense, the destination's is carried in the arriving stock). A
 * correction is never an update: it is a new movement of the opposite sign whose `reverses` names
 * the transaction it undoes (of the same type), so each kind's net is the sum of its rows.
 * Issue 22 adds Till: a till count's over (positive) or short (negative), in cash (till.ts).
 */

export const TRANSACTION_TYPES = ['Sale', 'Payment', 'Refund', 'Expense', 'Capital', 'Withdrawal', 'Transfer', 'Till'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export interface LedgerMovement {
  readonly transactionType: TransactionType;
  /** Signed: + received, - paid back. */
  readonly amount: string;
  /** Signed change of the outstanding credit. */
  readonly creditChange: string;
  /** The transaction this one reverses (a cancelled expense's, for example). */
  readonly reverses?: string;
  /** How the money moved, for money received or paid back on an invoice (Credit is never one). */
  readonly paymentMethod?: ReceivingMethod;
}

export interface LocationBalances {
  readonly currentBalance: string;
  readonly creditBalance: string;
}

export interface LedgerTransaction {
  readonly transactionType: TransactionType;
  readonly amount: string;
  /** The location's currentBalance right after this transaction. */
  readonly balance: string;
  readonly reverses?: string;
  readonly paymentMethod?: ReceivingMethod;
}

export interface LedgerPosting extends LocationBalances {
  readonly transactions: LedgerTransaction[];
}

export function postToLedger(balances: LocationBalances, movements: readonly LedgerMovement[]): LedgerPosting {
  let current = new Big(balances.currentBalance);
  let credit = new Big(balances.creditBalance);
  const transactions: LedgerTransaction[] = [];
  for (const movement of movements) {
    credit = credit.plus(movement.creditChange);
    if (new Big(movement.amount).eq(0)) continue;
    current = current.plus(movement.amount);
    transactions.push({ transactionType: movement.transactionType, amount: moneyText(movement.amount), balance: moneyText(current), ...(movement.reverses ? { reverses: movement.reverses } : {}), ...(movement.paymentMethod ? { paymentMethod: movement.paymentMethod } : {}) });
  }
  return { currentBalance: moneyText(current), creditBalance: moneyText(credit), transactions };
}
