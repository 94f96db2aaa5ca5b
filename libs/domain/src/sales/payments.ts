import Big from 'big.js';
import type { CurrencyCode } from '../currency';
import type { LedgerMovement } from './ledger';
import { RECEIVING_METHODS, type PaymentMethod, type ReceivingMethod } from './payment-methods';
import { MINOR_UNIT_DIGITS, moneyShown, moneyText, readDecimal } from './money';
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

/** A payment taken at the counter: its method, its amount and, for cash, what the customer handed over. */
export interface TakenPayment {
  readonly method: PaymentMethod;
  readonly amount: string;
  /** Cash handed over (at least the amount); the change due is tendered - amount. Cash only. */
  readonly tendered?: string | null;
}

/** A payment as it is recorded: amounts in MONEY_SCALE, tendered and change null but for cash tendered. */
export interface RecordedPayment {
  readonly method: ReceivingMethod;
  readonly amount: string;
  readonly tendered: string | null;
  readonly change: string | null;
}

export interface SalePaymentPlan {
  readonly payment: PaymentState;
  /** In the order taken; the first one's method is the invoice's paymentMethod. */
  readonly payments: RecordedPayment[];
  /** One Sale movement per payment (with its method); the first also adds the outstanding to the credit. */
  readonly movements: LedgerMovement[];
}

/**
 * The payments of the specification's request, one method and one amount paid: none when nothing is
 * received (no amount, or 0), else one payment by that method (Credit with an amount is refused by
 * salePayments: nothing is received on Credit).
 */
export function paymentsOf(method: PaymentMethod, paidAmount: string | null | undefined): TakenPayment[] {
  if (paidAmount == null || /^0*(\.0*)?$/.test(paidAmount)) return [];
  return [{ method, amount: paidAmount }];
}

/** The most payments one sale takes. */
export const MAX_SALE_PAYMENTS = 10;

/**
 * The payments taken with a new invoice (issue 21, rule 3): each more than 0 in the currency's minor
 * unit, by a method that receives money (not Credit); together never more than the grand total,
 * and less only with a due date (the invoice is then on credit). Cash may say what was tendered:
 * at least its amount; the change due (tendered - amount) is handed back, so it is never income:
 * only the amount moves the ledger. Each payment is its own Sale movement, so a till can count its
 * cash apart from its card payments.
 */
export function salePayments(input: { grandTotal: string; payments: readonly TakenPayment[]; paymentDueDate: string | Date | null; currency: CurrencyCode }): SalesResult<SalePaymentPlan> {
  const digits = MINOR_UNIT_DIGITS[input.currency];
  if (input.payments.length > MAX_SALE_PAYMENTS) {
    return salesRefusal({ code: 'INVALID_AMOUNT', field: 'payments', message: `A sale takes at most ${MAX_SALE_PAYMENTS} payments.` });
  }
  const payments: RecordedPayment[] = [];
  let received = new Big(0);
  for (const [index, taken] of input.payments.entries()) {
    const field = `payments.${index}`;
    if (!(RECEIVING_METHODS as readonly string[]).includes(taken.method)) {
      return salesRefusal({ code: 'INVALID_AMOUNT', field: `${field}.paymentMethod`, message: 'Credit is not a way to pay: it means nothing is received now. Choose Cash, Card, Cheque or Bank Transfer.' });
    }
    const amount = readDecimal(taken.amount, digits);
    if (!amount || amount.eq(0)) return salesRefusal({ code: 'INVALID_AMOUNT', field: `${field}.amount`, message: `A payment must be more than 0 with at most ${digits} decimal places.` });
    let tendered: Big | null = null;
    if (taken.tendered != null && taken.tendered !== '') {
      if (taken.method !== 'Cash') return salesRefusal({ code: 'INVALID_AMOUNT', field: `${field}.tendered`, message: 'Only cash is tendered: leave it out for other methods.' });
      tendered = readDecimal(taken.tendered, digits);
      if (!tendered) return salesRefusal({ code: 'INVALID_AMOUNT', field: `${field}.tendered`, message: `Cash tendered must be a number with at most ${digits} decimal places.` });
      if (tendered.lt(amount)) return salesRefusal({ code: 'INVALID_AMOUNT', field: `${field}.tendered`, message: `Cash tendered cannot be less than the payment (${moneyShown(amount, input.currency)}).` });
    }
    received = received.plus(amount);
    payments.push({
      method: taken.method as ReceivingMethod,
      amount: moneyText(amount),
      tendered: tendered ? moneyText(tendered) : null,
      change: tendered ? moneyText(tendered.minus(amount)) : null,
    });
  }
  const grandTotal = new Big(input.grandTotal);
  if (received.gt(grandTotal)) {
    const field = input.payments.length === 1 ? 'payments.0.amount' : 'payments';
    return salesRefusal({ code: 'OVER_PAYMENT', field, limit: moneyText(grandTotal), message: `The payments (${moneyShown(received, input.currency)}) cannot be more than the grand total (${moneyShown(grandTotal, input.currency)}).` });
  }
  if (received.lt(grandTotal) && !input.paymentDueDate) {
    return salesRefusal({ code: 'DUE_DATE_REQUIRED', field: 'paymentDueDate', message: 'A due date is required when the invoice is not paid in full.' });
  }
  const payment = paymentState(input.grandTotal, moneyText(received));
  const movements: LedgerMovement[] = payments.length
    ? payments.map((paid, index) => ({ transactionType: 'Sale', amount: paid.amount, creditChange: index === 0 ? payment.outstanding : moneyText(0), paymentMethod: paid.method }))
    : [{ transactionType: 'Sale', amount: moneyText(0), creditChange: payment.outstanding }];
  return { ok: true, payment, payments, movements };
}

/** What an invoice holds by one method: received less paid back. */
export interface HeldMoney {
  readonly method: ReceivingMethod;
  readonly amount: string;
}

/**
 * How money paid back is split over the ways it came in (refunds and cancellation): it goes back
 * the way it came, the method received last first, each up to what it holds; `method`, when given,
 * takes it all (a shop may pay a card payment back in cash). `held` is in the order first received.
 */
export function payBack(held: readonly HeldMoney[], amount: string, method?: ReceivingMethod | null): HeldMoney[] {
  const total = new Big(amount);
  if (total.lte(0)) return [];
  if (method) return [{ method, amount: moneyText(total) }];
  const parts: HeldMoney[] = [];
  let left = total;
  for (const holding of [...held].reverse()) {
    if (left.lte(0)) break;
    const take = Big(holding.amount).lt(left) ? new Big(holding.amount) : left;
    if (take.lte(0)) continue;
    parts.push({ method: holding.method, amount: moneyText(take) });
    left = left.minus(take);
  }
  // Held figures short of the amount (an invoice from before methods were kept): the rest in cash.
  if (left.gt(0)) parts.push({ method: 'Cash', amount: moneyText(left) });
  return parts;
}

/**
 * The Refund movements of money paid back by method; the first carries the change of credit. With
 * nothing paid back, one movement of no money still moves the credit.
 */
export function payBackMovements(parts: readonly HeldMoney[], creditChange: string): LedgerMovement[] {
  if (parts.length === 0) return [{ transactionType: 'Refund', amount: moneyText(0), creditChange }];
  return parts.map((part, index) => ({ transactionType: 'Refund', amount: moneyText(new Big(part.amount).neg()), creditChange: index === 0 ? creditChange : moneyText(0), paymentMethod: part.method }));
}

/** A later payment (add-payment): only on a live, unsettled invoice, never beyond the outstanding. */
export function addPayment(invoice: InvoiceMoney, amount: string, currency: CurrencyCode, method: ReceivingMethod = 'Cash'): SalesResult<PaymentPlan> {
  if (invoice.deletedAt) return salesRefusal({ code: 'INVOICE_CANCELLED', message: 'This invoice has been cancelled.' });
  const before = paymentState(invoice.grandTotal, invoice.paidAmount);
  if (before.settled) return salesRefusal({ code: 'INVOICE_SETTLED', message: 'This invoice is already settled.' });
  const digits = MINOR_UNIT_DIGITS[currency];
  const paying = readDecimal(amount, digits);
  if (!paying || paying.eq(0)) return salesRefusal({ code: 'INVALID_AMOUNT', field: 'amount', message: `Amount must be more than 0 with at most ${digits} decimal places.` });
  if (paying.gt(before.outstanding)) {
    return salesRefusal({ code: 'OVER_PAYMENT', field: 'amount', limit: before.outstanding, message: `Amount cannot be more than the outstanding balance (${moneyShown(before.outstanding, currency)}).` });
  }
  const payment = paymentState(invoice.grandTotal, moneyText(paying.plus(before.paidAmount)));
  return { ok: true, payment, movement: { transactionType: 'Payment', amount: moneyText(paying), creditChange: moneyText(paying.neg()), paymentMethod: method } };
}
