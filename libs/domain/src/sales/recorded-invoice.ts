import Big from 'big.js';
import type { CurrencyCode } from '../currency';
import { drawsCost, mergeMovements, type BatchMovement, type RecordedDraw } from './batch-draw';
import { invoiceTotals, lineAmounts, type InvoiceTotals, type LineAmounts } from './invoice-totals';
import { quantityText, sumDecimals } from './money';

/**
 * An invoice as stored, read back for a refund or a cancellation: each line with every batch draw
 * and what was already returned from it. What a line still sells is Σ (drawn - returned) over its
 * draws, and its cost the same sum costed at each draw's unitCost (drawsCost): the draws are the
 * one record, so quantities, costs and totals after any refunds come from them alone.
 */

export interface RecordedLine {
  readonly lineId: string;
  readonly price: string;
  readonly discount: string;
  /** The line's tax rate in percent (none: 0). */
  readonly taxRate?: string;
  /** In the order they were drawn. */
  readonly draws: readonly RecordedDraw[];
}

export interface RecordedInvoice {
  /** Net of what refunds paid back. */
  readonly paidAmount: string | null;
  readonly deletedAt?: string | Date | null;
  /** Whether its prices include tax (tax.ts): as sold. */
  readonly pricesIncludeTax?: boolean;
  readonly lines: readonly RecordedLine[];
}

/** A quantity going back to a batch from one line's draw: add it to the draw's `returned`. */
export interface DrawReturn {
  readonly lineId: string;
  readonly batchId: string;
  readonly quantity: string;
}

/** What a line still sells, and its figures. */
export interface LineRemaining {
  readonly lineId: string;
  readonly quantity: string;
  readonly cost: string;
  readonly amounts: LineAmounts;
}

export function remainingQuantity(line: RecordedLine): Big {
  return sumDecimals(line.draws.map((draw) => new Big(draw.quantity).minus(draw.returned)));
}

/** The lines' remaining figures and the invoice totals over them, with the paid amount given. */
export function remainingTotals(
  lines: readonly RecordedLine[],
  paidAmount: string | null,
  currency: CurrencyCode,
  pricesIncludeTax = false,
): { lines: LineRemaining[]; totals: InvoiceTotals } {
  const remaining = lines.map((line) => {
    const pricing = { quantity: quantityText(remainingQuantity(line)), price: line.price, discount: line.discount, taxRate: line.taxRate ?? '0' };
    return { ...pricing, lineId: line.lineId, cost: drawsCost(line.draws), amounts: lineAmounts(pricing, currency, pricesIncludeTax) };
  });
  return {
    lines: remaining.map(({ lineId, quantity, cost, amounts }) => ({ lineId, quantity, cost, amounts })),
    totals: invoiceTotals(remaining, paidAmount, currency, pricesIncludeTax),
  };
}

/**
 * The lines with the returns recorded on their draws (a line draws from a batch once, so a return
 * names its draw by line and batch).
 */
export function withReturns<L extends RecordedLine>(lines: readonly L[], returns: readonly DrawReturn[]): L[] {
  const back = new Map<string, Big>();
  for (const item of returns) back.set(`${item.lineId} ${item.batchId}`, (back.get(`${item.lineId} ${item.batchId}`) ?? new Big(0)).plus(item.quantity));
  return lines.map((line) => ({
    ...line,
    draws: line.draws.map((draw) => {
      const quantity = back.get(`${line.lineId} ${draw.batchId}`);
      return quantity ? { ...draw, returned: quantityText(quantity.plus(draw.returned)) } : draw;
    }),
  }));
}

/** Returns as quantitySold decreases, one per batch (negative movements), in lock order. */
export function restockMovements(returns: readonly DrawReturn[]): BatchMovement[] {
  return mergeMovements(returns.map((back) => ({ batchId: back.batchId, quantity: new Big(back.quantity).neg().toString() })));
}
