import Big from 'big.js';
import { MINOR_UNIT_DIGITS, moneyText, readDecimal, type CurrencyCode } from '@stockbook/domain';
import type { PaymentMethodValue, ReceivingMethodValue, SalePaymentRequest } from '@stockbook/contracts';

/**
 * The payments of the sale being made, as the cashier types them (issue 21, rule 3). The first
 * row's method may be Credit: nothing is received now, and it takes no other rows. An amount left
 * empty on the last row is the rest of the grand total (one row: paid in full); on any other row
 * it must be typed. Cash may say what was tendered: the change due is tendered - amount.
 */
export interface DraftPayment {
  readonly key: string;
  readonly method: PaymentMethodValue;
  readonly amount: string;
  readonly tendered: string;
}

export interface ResolvedPayments {
  /** What the request sends (none on Credit). */
  readonly payments: SalePaymentRequest[];
  /** The invoice's method: the first payment's, or Credit. */
  readonly paymentMethod: PaymentMethodValue;
  /** Σ amounts received now. */
  readonly paid: string;
  /** Σ change due over cash payments with tendered. */
  readonly change: string;
  /** Each row's amount as sent (the rest filled in), by key. */
  readonly amounts: Readonly<Record<string, string>>;
  /** Each cash row's change due (tendered - amount), by key, when tendered is typed and enough. */
  readonly changes: Readonly<Record<string, string>>;
  /** Problems to show on a row's field before sending, by `${key}.amount` or `${key}.tendered`. */
  readonly problems: Readonly<Record<string, string>>;
}

const zero = new Big(0);

export function resolvePayments(drafts: readonly DraftPayment[], grandTotal: string, currency: CurrencyCode): ResolvedPayments {
  const digits = MINOR_UNIT_DIGITS[currency];
  const first = drafts[0];
  if (!first || first.method === 'Credit') return { payments: [], paymentMethod: 'Credit', paid: moneyText(0), change: moneyText(0), amounts: {}, changes: {}, problems: {} };
  const problems: Record<string, string> = {};
  const typed = drafts.map((draft) => (draft.amount.trim() === '' ? null : readDecimal(draft.amount.trim(), digits)));
  drafts.forEach((draft, index) => {
    if (draft.amount.trim() !== '' && !typed[index]) problems[`${draft.key}.amount`] = `Type an amount with at most ${digits} decimal places.`;
    else if (draft.amount.trim() === '' && index < drafts.length - 1) problems[`${draft.key}.amount`] = 'Type this payment’s amount: the last payment takes the rest.';
  });
  const others = typed.slice(0, -1).reduce<Big>((sum, amount) => sum.plus(amount ?? zero), zero);
  const rest = new Big(grandTotal).minus(others);
  const amounts: Record<string, string> = {};
  const changes: Record<string, string> = {};
  const payments: SalePaymentRequest[] = [];
  let paid = zero;
  let change = zero;
  drafts.forEach((draft, index) => {
    const last = index === drafts.length - 1;
    const amount = typed[index] ?? (last && draft.amount.trim() === '' ? (rest.gt(0) ? rest : zero) : null);
    if (!amount) return;
    amounts[draft.key] = amount.toFixed(digits);
    paid = paid.plus(amount);
    let tendered: string | null = null;
    if (draft.method === 'Cash' && draft.tendered.trim() !== '') {
      const handed = readDecimal(draft.tendered.trim(), digits);
      if (!handed) problems[`${draft.key}.tendered`] = `Type an amount with at most ${digits} decimal places.`;
      else if (handed.lt(amount)) problems[`${draft.key}.tendered`] = 'Less than this payment: take at least its amount.';
      else {
        tendered = handed.toFixed(digits);
        change = change.plus(handed.minus(amount));
        changes[draft.key] = handed.minus(amount).toFixed(digits);
      }
    }
    if (amount.gt(0)) payments.push({ paymentMethod: draft.method as ReceivingMethodValue, amount: amount.toFixed(digits), ...(tendered ? { tendered } : {}) });
  });
  return { payments, paymentMethod: payments[0]?.paymentMethod ?? first.method, paid: moneyText(paid), change: moneyText(change), amounts, changes, problems };
}

/** The method a new row offers first: one not used yet, card before the others. */
export function nextMethod(drafts: readonly DraftPayment[]): ReceivingMethodValue {
  const used = new Set(drafts.map((draft) => draft.method));
  return (['Card', 'Cash', 'Bank_Transfer', 'Cheque'] as const).find((method) => !used.has(method)) ?? 'Card';
}
