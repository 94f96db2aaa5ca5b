import Big from 'big.js';
import type { LedgerMovement } from '../sales/ledger';
import type { CurrencyCode } from '../currency';
import { moneyShown, moneyText } from '../sales/money';
import type { MoneyMovementResult } from './expenses';

/**
 * Capital and withdrawals (issue 15, rule 4): an administrator puts money into a location
 * (Capital, positive) or takes it out (Withdrawal, negative). A withdrawal that would take the
 * location's currentBalance below 0 is refused (INSUFFICIENT_BALANCE, on `amount`) unless the request
 * says explicitly that a negative balance is meant (`allowNegativeBalance`). The balance checked is
 * the one read under the location's row lock, so two withdrawals cannot both pass on one balance.
 */

const positive = (amount: string, what: string): Big => {
  const value = new Big(amount);
  if (value.lte(0)) throw new RangeError(`${what} is more than 0, not ${amount}`);
  return value;
};

export function capitalMovement(amount: string): LedgerMovement {
  return { transactionType: 'Capital', amount: moneyText(positive(amount, 'capital')), creditChange: '0' };
}

export function planWithdrawal(currentBalance: string, amount: string, allowNegativeBalance: boolean, currency: CurrencyCode): MoneyMovementResult<{ readonly movement: LedgerMovement }> {
  const value = positive(amount, 'a withdrawal');
  if (!allowNegativeBalance && value.gt(currentBalance)) {
    return {
      ok: false,
      problem: {
        code: 'INSUFFICIENT_BALANCE',
        field: 'amount',
        message: `The location holds ${moneyShown(currentBalance, currency)}; withdrawing ${moneyShown(value, currency)} would leave it negative. Say so explicitly to allow a negative balance.`,
      },
    };
  }
  return { ok: true, movement: { transactionType: 'Withdrawal', amount: moneyText(value.neg()), creditChange: '0' } };
}
