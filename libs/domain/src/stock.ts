import Big from 'big.js';

/**
 * Stock on hand and its average cost, derived from batches (specification: items carry
 * `locationData` per location with `totalQuantity` and `averageCost`). Quantities and costs are
 * decimal strings, computed exactly; the only rounding is the average cost's, here.
 */

/** Decimal places kept for quantities (weights and lengths sell in fractions). */
export const QUANTITY_SCALE = 3;
/** Decimal places of an average cost; rounded half away from zero, like PostgreSQL's round(). */
export const AVERAGE_COST_SCALE = 4;

export interface StockBatch {
  readonly locationID: string;
  readonly quantity: string;
  readonly quantitySold: string;
  readonly cost: string;
  /** Deleted batches no longer count. */
  readonly deletedAt?: string | Date | null;
}

export interface StockFigures {
  readonly totalQuantity: string;
  /** Weighted by the quantity remaining in each batch; "0" with nothing on hand. */
  readonly averageCost: string;
}

export interface LocationStock extends StockFigures {
  readonly locationID: string;
}

const isLive = (batch: StockBatch) => !batch.deletedAt;

/** What is left of a batch: its quantity minus what was sold from it. */
export function remainingOf(batch: Pick<StockBatch, 'quantity' | 'quantitySold'>): Big {
  return new Big(batch.quantity).minus(batch.quantitySold);
}

/** Totals over the live batches given. */
export function stockFigures(batches: readonly StockBatch[]): StockFigures {
  let quantity = new Big(0);
  let value = new Big(0);
  for (const batch of batches) {
    if (!isLive(batch)) continue;
    const remaining = remainingOf(batch);
    quantity = quantity.plus(remaining);
    value = value.plus(remaining.times(batch.cost));
  }
  return {
    totalQuantity: quantity.toFixed(QUANTITY_SCALE),
    averageCost: quantity.eq(0) ? new Big(0).toFixed(AVERAGE_COST_SCALE) : value.div(quantity).round(AVERAGE_COST_SCALE, Big.roundHalfUp).toFixed(AVERAGE_COST_SCALE),
  };
}

/** Figures per location that has any live batch, in the order locations first appear. */
export function stockByLocation(batches: readonly StockBatch[]): LocationStock[] {
  const byLocation = new Map<string, StockBatch[]>();
  for (const batch of batches) {
    if (!isLive(batch)) continue;
    const list = byLocation.get(batch.locationID) ?? [];
    list.push(batch);
    byLocation.set(batch.locationID, list);
  }
  return [...byLocation].map(([locationID, list]) => ({ locationID, ...stockFigures(list) }));
}

/** Why a batch's new quantity is refused (none, or below what was sold), or null when it is allowed. */
export function batchQuantityProblem(newQuantity: string, quantitySold: string): string | null {
  const quantity = new Big(newQuantity);
  if (quantity.lt(0)) return 'Quantity cannot be negative.';
  if (quantity.eq(0)) return 'Quantity must be more than 0.';
  if (quantity.lt(quantitySold)) return `Quantity cannot go below the ${new Big(quantitySold).toString()} already sold from this batch.`;
  return null;
}

/** A batch can be deleted only while nothing was sold from it. */
export function canDeleteBatch(batch: Pick<StockBatch, 'quantitySold'>): boolean {
  return new Big(batch.quantitySold).eq(0);
}

/** What the live batches given are worth at their own costs: the sum of remaining x cost, exact. */
export function stockValue(batches: readonly StockBatch[]): string {
  let value = new Big(0);
  for (const batch of batches) if (isLive(batch)) value = value.plus(remainingOf(batch).times(batch.cost));
  return value.toFixed(AVERAGE_COST_SCALE);
}

/** A quantity for people: no trailing zeros ("10.500" → "10.5", "4.000" → "4"). */
export function formatQuantity(quantity: string): string {
  return new Big(quantity).toFixed(QUANTITY_SCALE).replace(/\.?0+$/, '');
}
