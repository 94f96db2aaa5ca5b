import Big from 'big.js';
import type { CurrencyCode } from '../currency';
import type { BatchMovement } from './batch-draw';
import type { LedgerMovement } from './ledger';
import { moneyText, quantityText } from './money';
import { remainingTotals, restockMovements, type DrawReturn, type RecordedInvoice } from './recorded-invoice';
import { salesRefusal, type SalesResult } from './sales-problems';

/**
 * Cancelling an invoice (issue 14, rule 5; the service sets deletedAt and deletedBy): every
 * quantity it still sells returns to the batch it was drawn from, and the money it still holds
 * (paidAmount, net of earlier refunds) is paid back by one Refund movement that also takes its
 * outstanding out of the location's credit. The service records the returns on the draws, as a
 * refund does, so every batch's quantitySold stays Σ (drawn - returned) over all invoice lines; the
 * invoice keeps its figures as they stood, to be read as cancelled, and leaves the live totals.
 */

export interface CancelPlan {
  readonly returns: DrawReturn[];
  readonly restock: BatchMovement[];
  readonly movement: LedgerMovement;
}

export function planCancel(invoice: RecordedInvoice, currency: CurrencyCode): SalesResult<CancelPlan> {
  if (invoice.deletedAt) return salesRefusal({ code: 'INVOICE_CANCELLED', message: 'This invoice has already been cancelled.' });
  const returns: DrawReturn[] = [];
  for (const line of invoice.lines) {
    for (const draw of line.draws) {
      const left = new Big(draw.quantity).minus(draw.returned);
      if (left.gt(0)) returns.push({ lineId: line.lineId, batchId: draw.batchId, quantity: quantityText(left) });
    }
  }
  const { totals } = remainingTotals(invoice.lines, invoice.paidAmount, currency, invoice.pricesIncludeTax);
  return {
    ok: true,
    returns,
    restock: restockMovements(returns),
    movement: { transactionType: 'Refund', amount: moneyText(new Big(totals.paidAmount).neg()), creditChange: moneyText(new Big(totals.outstanding).neg()) },
  };
}
