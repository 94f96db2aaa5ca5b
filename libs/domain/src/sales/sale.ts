import Big from 'big.js';
import type { CurrencyCode } from '../currency';
import { remainingOf } from '../stock';
import { applyMovements, drawOrder, drawStock, lineValuationMethod, mergeMovements, type BatchDraw, type BatchMovement, type BusinessValuationMethod, type SaleBatch, type ValuationMethod } from './batch-draw';
import { invoiceTotals, lineAmounts, linePricingProblem, type InvoiceTotals, type LineAmounts } from './invoice-totals';
import type { LedgerMovement } from './ledger';
import { quantityText, sumDecimals } from './money';
import { salePayments, type PaymentState, type RecordedPayment, type TakenPayment } from './payments';
import { salesRefusal, type SalesResult } from './sales-problems';
import { NO_TAX, type LineTaxRate } from './tax';

/**
 * A new invoice, planned whole (issue 14, rules 1 to 3): the sales service locks the batches of
 * every item of the invoice at its location (batchLockOrder), calls planSale, and applies the plan
 * in the same transaction: `sold` to the batches' quantitySold, `lines` with their draws, `totals`
 * and `payment` to the invoice, `payments` as its payment rows, `movements` through the ledger (postToLedger). A refusal writes
 * nothing. Several lines of one item draw one after the other from what the earlier ones left; the
 * stock check counts them together, so the refusal names the item's whole quantity asked.
 */

export interface SaleLineRequest {
  /** The item or variant sold. */
  readonly itemID: string;
  readonly quantity: string;
  readonly price: string;
  /** Per unit. */
  readonly discount: string;
  /** Under SELECT, the line's own method. */
  readonly stockValuationMethod?: string | null;
  /** The rate the line takes (tax.ts, saleTaxRate); none when left out. */
  readonly tax?: LineTaxRate;
}

export interface SaleRequest {
  readonly currency: CurrencyCode;
  /** Whether the business's prices include tax (tax.ts). */
  readonly pricesIncludeTax?: boolean;
  readonly valuationMethod: BusinessValuationMethod;
  readonly lines: readonly SaleLineRequest[];
  /** The live batches of each item at the invoice's location, read under lock, by item id. */
  readonly batches: Readonly<Record<string, readonly SaleBatch[]>>;
  /** The payments taken with the sale (none: nothing received now). */
  readonly payments: readonly TakenPayment[];
  readonly paymentDueDate: string | Date | null;
}

export interface PlannedLine {
  readonly itemID: string;
  readonly quantity: string;
  readonly price: string;
  readonly discount: string;
  readonly stockValuationMethod: ValuationMethod;
  readonly tax: LineTaxRate;
  readonly draws: BatchDraw[];
  readonly cost: string;
  readonly amounts: LineAmounts;
}

export interface SalePlan {
  readonly lines: PlannedLine[];
  /** quantitySold increases, one per batch, in lock order. */
  readonly sold: BatchMovement[];
  readonly totals: InvoiceTotals;
  readonly payment: PaymentState;
  readonly payments: RecordedPayment[];
  readonly movements: LedgerMovement[];
}

export function planSale(request: SaleRequest): SalesResult<SalePlan> {
  if (!request.lines.length) return salesRefusal({ code: 'NO_LINES', field: 'items', message: 'Add at least one line.' });
  const methods: ValuationMethod[] = [];
  for (const [index, line] of request.lines.entries()) {
    const field = `items.${index}`;
    const problem = linePricingProblem(line, field);
    if (problem) return salesRefusal(problem);
    const method = lineValuationMethod(request.valuationMethod, line.stockValuationMethod, `${field}.stockValuationMethod`);
    if (!method.ok) return method;
    methods.push(method.method);
  }

  // Every line of an item together against what the location holds of it.
  const asked = new Map<string, { quantity: Big; index: number }>();
  for (const [index, line] of request.lines.entries()) {
    const seen = asked.get(line.itemID);
    asked.set(line.itemID, { quantity: (seen?.quantity ?? new Big(0)).plus(line.quantity), index: seen?.index ?? index });
  }
  for (const [itemID, { quantity, index }] of asked) {
    const onHand = sumDecimals(drawOrder(request.batches[itemID] ?? [], 'FIFO').map(remainingOf));
    if (quantity.gt(onHand)) {
      return salesRefusal({
        code: 'INSUFFICIENT_STOCK',
        field: `items.${index}.quantity`,
        itemID,
        asked: quantityText(quantity),
        onHand: quantityText(onHand),
        message: `Only ${quantityText(onHand)} on hand; ${quantityText(quantity)} asked.`,
      });
    }
  }

  const working = new Map<string, readonly SaleBatch[]>();
  const lines: PlannedLine[] = [];
  for (const [index, line] of request.lines.entries()) {
    const batches = working.get(line.itemID) ?? request.batches[line.itemID] ?? [];
    const drawn = drawStock({ batches, quantity: line.quantity, method: methods[index], itemID: line.itemID, field: `items.${index}.quantity` });
    if (!drawn.ok) return drawn; // not reached: the quantities were checked together above
    working.set(line.itemID, applyMovements(batches, drawn.draws));
    const tax = line.tax ?? NO_TAX;
    lines.push({
      itemID: line.itemID,
      quantity: quantityText(line.quantity),
      price: line.price,
      discount: line.discount,
      stockValuationMethod: methods[index],
      tax,
      draws: drawn.draws,
      cost: drawn.cost,
      amounts: lineAmounts({ ...line, taxRate: tax.rate }, request.currency, request.pricesIncludeTax),
    });
  }

  const totals = invoiceTotals(
    lines.map((line) => ({ ...line, taxRate: line.tax.rate })),
    null,
    request.currency,
    request.pricesIncludeTax,
  );
  const paid = salePayments({ grandTotal: totals.grandTotal, payments: request.payments, paymentDueDate: request.paymentDueDate, currency: request.currency });
  if (!paid.ok) return paid;
  return {
    ok: true,
    lines,
    sold: mergeMovements(lines.flatMap((line) => line.draws)),
    totals: { ...totals, paidAmount: paid.payment.paidAmount, outstanding: paid.payment.outstanding },
    payment: paid.payment,
    payments: paid.payments,
    movements: paid.movements,
  };
}
