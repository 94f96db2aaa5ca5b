import Big from 'big.js';
import type { CurrencyCode } from '../currency';
import type { LedgerMovement } from './ledger';
import { MINOR_UNIT_DIGITS, moneyText, readDecimal } from './money';
import { salesRefusal, type SalesResult } from './sales-problems';

/**
 * Payments (specification section 3, payment methods; issue 14, rule 3).
 *
 * An invoice's paidAmount is what the location holds of it: received at the sale and by later
 * payments, less what refunds paid back. outstanding = grand total - paidAmount (null as 0).
 * `settled` is true exactly when nothing is outstanding; `credit` exactly when something is (the
 * invoice is on credit, and its outstanding counts in the location's creditBalance).
 * Amounts paid are written in the currency's minor unit (at most 2 places), like every charge.
 */

export const PAYMENT_METHODS = ['Cash', 'Card', 'Cheque', 'Credit', 'Bank_Transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  Cash: 'Cash',
  Card: 'Card',
  Cheque: 'Cheque',
  Credit: 'Credit',
  Bank_Transfer: 'Bank Transfer',
};

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

export interface PaymentState {
  readonly paidAmount: string;
  readonly outstanding: string;
  readonly settled: boolean;
  readonly credit: boolean;
}

export function paymentState(grandTotal: string, paidAmount: string | null): PaymentState {
  const paid = new Big(paidAmount ?? 0);
  const outstanding = new Big(grandTotal).minus(paid);
  return { paidAmount: moneyText(paid), outstanding: moneyText(outstanding), settled: outstanding.lte(0), credit: outstanding.gt(0) };
}

/** An invoice as payments, refunds and cancellation read it. */
export interface InvoiceMoney {
  readonly grandTotal: string;
  readonly paidAmount: string | null;
  readonly deletedAt?: string | Date | null;
}

export interface PaymentPlan {
  readonly payment: PaymentState;
  readonly movement: LedgerMovement;
}

/**
 * The payment taken with a new invoice: never more than the grand total, and less only with a due
 * date (the invoice is then on credit). The Sale movement carries the amount received and adds the
 * outstanding to the location's credit.
 */
export function initialPayment(input: { grandTotal: string; paidAmount: string | null; paymentDueDate: string | Date | null; currency: CurrencyCode }): SalesResult<PaymentPlan> {
  const digits = MINOR_UNIT_DIGITS[input.currency];
  const paid = input.paidAmount == null ? new Big(0) : readDecimal(input.paidAmount, digits);
  if (!paid) return salesRefusal({ code: 'INVALID_AMOUNT', field: 'paidAmount', message: `Amount paid must be a number of at least 0 with at most ${digits} decimal places.` });
  const grandTotal = new Big(input.grandTotal);
  if (paid.gt(grandTotal)) {
    return salesRefusal({ code: 'OVER_PAYMENT', field: 'paidAmount', limit: moneyText(grandTotal), message: `Amount paid cannot be more than the grand total (${moneyText(grandTotal)}).` });
  }
  if (paid.lt(grandTotal) && !input.paymentDueDate) {
    return salesRefusal({ code: 'DUE_DATE_REQUIRED', field: 'paymentDueDate', message: 'A due date is required when the invoice is not paid in full.' });
  }
  const payment = paymentState(input.grandTotal, moneyText(paid));
  return { ok: true, payment, movement: { transactionType: 'Sale', amount: payment.paidAmount, creditChange: payment.outstanding } };
}

/** A later payment (add-payment): only on a live, unsettled invoice, never beyond the outstanding. */
export function addPayment(invoice: InvoiceMoney, amount: string, currency: CurrencyCode): SalesResult<PaymentPlan> {
  if (invoice.deletedAt) return salesRefusal({ code: 'INVOICE_CANCELLED', message: 'This invoice has been cancelled.' });
  const before = paymentState(invoice.grandTotal, invoice.paidAmount);
  if (before.settled) return salesRefusal({ code: 'INVOICE_SETTLED', message: 'This invoice is already settled.' });
  const digits = MINOR_UNIT_DIGITS[currency];
  const paying = readDecimal(amount, digits);
  if (!paying || paying.eq(0)) return salesRefusal({ code: 'INVALID_AMOUNT', field: 'amount', message: `Amount must be more than 0 with at most ${digits} decimal places.` });
  if (paying.gt(before.outstanding)) {
    return salesRefusal({ code: 'OVER_PAYMENT', field: 'amount', limit: before.outstanding, message: `Amount cannot be more than the outstanding balance (${before.outstanding}).` });
  }
  const payment = paymentState(invoice.grandTotal, moneyText(paying.plus(before.paidAmount)));
  return { ok: true, payment, movement: { transactionType: 'Payment', amount: moneyText(paying), creditChange: moneyText(paying.neg()) } };
}
