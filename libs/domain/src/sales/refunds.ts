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
  readonly refunded: true;
  readonly movement: LedgerMovement;
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

  const before = remainingTotals(invoice.lines, invoice.paidAmount, currency, invoice.pricesIncludeTax).totals;
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
    refunded: true,
    movement: { transactionType: 'Refund', amount: moneyText(paidBack.neg()), creditChange: moneyText(new Big(payment.outstanding).minus(before.outstanding)) },
  };
}
