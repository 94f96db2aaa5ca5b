import Big from 'big.js';
import type { CurrencyCode } from '../currency';
import type { BatchMovement } from './batch-draw';
import type { InvoiceTotals } from './invoice-totals';
import type { LedgerMovement } from './ledger';
import { MINOR_UNIT_DIGITS, moneyShown, moneyText, quantityText, readDecimal, readQuantity } from './money';
import { paymentState, type PaymentState } from './payments';
import { remainingQuantity, remainingTotals, restockMovements, withReturns, type DrawReturn, type LineRemaining, type RecordedInvoice } from './recorded-invoice';
import { salesRefusal, type SalesResult } from './sales-problems';

/**
 * Refunds (issue 14, rule 4): take back some or all of a live invoice's lines and quantities,
 * never more than a line sold and was not yet refunded.
 *
 * Stock goes back to the very batches it was drawn from, at the cost it was drawn at. A partial
 * refund of a line returns its draws LAST DRAWN FIRST: what stays sold is then exactly what the
 * line would have drawn had it asked for the smaller quantity in the first place (under FIFO the
 * oldest batches, under LIFO the newest, under AVCO the oldest at the same average), so the cost of
 * what remains sold is the cost the method gives that quantity, and refunding in several steps
 * ends where one refund of the sum ends.
 *
 * Money: the refunded value is grand total before - grand total after. The amount paid back must
 * lie in [max(0, paid - new grand total), min(paid, refunded value)]: at least what would leave
 * the customer having paid more than they now owe, at most what they paid and what they return.
 * So the outstanding balance never grows, and a full refund pays back exactly what was paid: the
 * invoice then nets to zero in moneyText, stock (every draw returned) and profit (no cost, no sale).
 */

export interface RefundRequest {
  readonly lines: readonly { readonly lineId: string; readonly quantity: string }[];
  /** Money paid back to the customer; left out, the most allowed (what was paid, up to the value returned). */
  readonly amount?: string | null;
}

/** A credit note's line: what one invoice line gave back, its figures before the refund less after it. */
export interface CreditNoteLineFigures {
  readonly lineId: string;
  readonly quantity: string;
  readonly total: string;
  readonly tax: string;
  readonly cost: string;
}

/**
 * A credit note's figures (issue 22, rule 1): the invoice's figures before the refund less after
 * it, so an invoice's credit notes add up to exactly what it sold less what it still sells.
 */
export interface CreditNoteFigures {
  readonly lines: CreditNoteLineFigures[];
  readonly totalAmount: string;
  readonly totalDiscount: string;
  readonly totalQuantity: string;
  readonly totalTax: string;
  readonly grandTotal: string;
  readonly totalCost: string;
  /** Money paid back with it; the rest of grandTotal lowered what the customer owed. */
  readonly amountPaidBack: string;
}

export interface RefundPlan {
  /** Add each to its draw's `returned`. */
  readonly returns: DrawReturn[];
  /** quantitySold decreases (negative), one per batch, in lock order. */
  readonly restock: BatchMovement[];
  /** Every line's figures for what it still sells. */
  readonly lines: LineRemaining[];
  /** Totals, cost and netResult over what remains sold; paidAmount and outstanding after the refund. */
  readonly totals: InvoiceTotals;
  readonly payment: PaymentState;
  /** The refund as its own document. */
  readonly creditNote: CreditNoteFigures;
  /** Every line now taken back in full: the invoice is refunded, not partly. */
  readonly fullyRefunded: boolean;
  readonly movement: LedgerMovement;
}

const less = (before: string, after: string) => moneyText(new Big(before).minus(after));

function creditNoteFigures(before: ReturnType<typeof remainingTotals>, after: ReturnType<typeof remainingTotals>, amountPaidBack: Big): CreditNoteFigures {
  const lines: CreditNoteLineFigures[] = [];
  for (const [index, was] of before.lines.entries()) {
    const now = after.lines[index]!;
    const quantity = new Big(was.quantity).minus(now.quantity);
    if (quantity.lte(0)) continue;
    lines.push({ lineId: was.lineId, quantity: quantityText(quantity), total: less(was.amounts.total, now.amounts.total), tax: less(was.amounts.tax, now.amounts.tax), cost: less(was.cost, now.cost) });
  }
  const { totals: b } = before;
  const { totals: a } = after;
  return {
    lines,
    totalAmount: less(b.totalAmount, a.totalAmount),
    totalDiscount: less(b.totalDiscount, a.totalDiscount),
    totalQuantity: quantityText(new Big(b.totalQuantity).minus(a.totalQuantity)),
    totalTax: less(b.totalTax, a.totalTax),
    grandTotal: less(b.grandTotal, a.grandTotal),
    totalCost: less(b.totalCost, a.totalCost),
    amountPaidBack: moneyText(amountPaidBack),
  };
}

export function planRefund(invoice: RecordedInvoice, request: RefundRequest, currency: CurrencyCode): SalesResult<RefundPlan> {
  if (invoice.deletedAt) return salesRefusal({ code: 'INVOICE_CANCELLED', message: 'This invoice has been cancelled.' });
  if (!request.lines.length) return salesRefusal({ code: 'NO_LINES', field: 'items', message: 'Choose at least one line to refund.' });

  const returns: DrawReturn[] = [];
  const seen = new Set<string>();
  for (const [index, wanted] of request.lines.entries()) {
    const field = `items.${index}`;
    const line = invoice.lines.find((candidate) => candidate.lineId === wanted.lineId);
    if (!line) return salesRefusal({ code: 'UNKNOWN_LINE', field: `${field}.lineId`, message: 'This line is not on the invoice.' });
    if (seen.has(line.lineId)) return salesRefusal({ code: 'DUPLICATE_LINE', field: `${field}.lineId`, message: 'Each line can be named once.' });
    seen.add(line.lineId);
    const quantity = readQuantity(wanted.quantity);
    if (!quantity) return salesRefusal({ code: 'INVALID_QUANTITY', field: `${field}.quantity`, message: 'Quantity must be a positive number with at most 3 decimal places.' });
    const left = remainingQuantity(line);
    if (quantity.gt(left)) {
      return salesRefusal({ code: 'OVER_REFUND', field: `${field}.quantity`, limit: quantityText(left), message: `Only ${quantityText(left)} of this line can still be refunded.` });
    }
    let owed = quantity;
    for (let at = line.draws.length - 1; at >= 0 && owed.gt(0); at--) {
      const draw = line.draws[at];
      const available = new Big(draw.quantity).minus(draw.returned);
      if (available.lte(0)) continue;
      const back = available.lt(owed) ? available : owed;
      returns.push({ lineId: line.lineId, batchId: draw.batchId, quantity: quantityText(back) });
      owed = owed.minus(back);
    }
  }

  const beforeAll = remainingTotals(invoice.lines, invoice.paidAmount, currency, invoice.pricesIncludeTax);
  const before = beforeAll.totals;
  const afterLines = withReturns(invoice.lines, returns);
  const grandAfter = new Big(remainingTotals(afterLines, null, currency, invoice.pricesIncludeTax).totals.grandTotal);

  const digits = MINOR_UNIT_DIGITS[currency];
  const paid = new Big(before.paidAmount);
  const refundedValue = new Big(before.grandTotal).minus(grandAfter);
  const most = paid.lt(refundedValue) ? paid : refundedValue;
  const least = paid.minus(grandAfter).gt(0) ? paid.minus(grandAfter) : new Big(0);
  const paidBack = request.amount == null ? most : readDecimal(request.amount, digits);
  if (!paidBack) return salesRefusal({ code: 'INVALID_AMOUNT', field: 'amount', message: `Amount paid back must be a number of at least 0 with at most ${digits} decimal places.` });
  if (paidBack.gt(most)) {
    return salesRefusal({ code: 'OVER_REFUND', field: 'amount', limit: moneyText(most), message: `At most ${moneyShown(most, currency)} can be paid back for this refund.` });
  }
  if (paidBack.lt(least)) {
    return salesRefusal({ code: 'UNDER_REFUND', field: 'amount', limit: moneyText(least), message: `At least ${moneyShown(least, currency)} must be paid back for this refund.` });
  }

  const after = remainingTotals(afterLines, moneyText(paid.minus(paidBack)), currency, invoice.pricesIncludeTax);
  const payment = paymentState(after.totals.grandTotal, after.totals.paidAmount);
  return {
    ok: true,
    returns,
    restock: restockMovements(returns),
    lines: after.lines,
    totals: after.totals,
    payment,
    creditNote: creditNoteFigures(beforeAll, after, paidBack),
    fullyRefunded: after.lines.every((line) => new Big(line.quantity).eq(0)),
    movement: { transactionType: 'Refund', amount: moneyText(paidBack.neg()), creditChange: moneyText(new Big(payment.outstanding).minus(before.outstanding)) },
  };
}
