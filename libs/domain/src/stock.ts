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

/**
 * How much a line asks beyond what is on hand (a positive decimal string), or null when it fits
 * or cannot be read yet. The counter flags such a line at once; the sale's 409 stays the rule.
 */
export function shortfall(asked: string, onHand: string): string | null {
  let quantity: Big;
  try {
    quantity = new Big(asked.trim());
  } catch {
    return null;
  }
  const missing = quantity.minus(onHand);
  return missing.gt(0) ? missing.toString() : null;
}

/** A scan or typed code with an optional count in front: `3*4006381333931` adds three. */
export interface Scan {
  readonly count: number;
  readonly code: string;
}

/** The most one scan may add at once (a typo such as `1000*` is refused rather than sold). */
export const MAX_SCAN_COUNT = 999;

/**
 * Reads `N*code` (N from 1 to 999, spaces allowed around `*`); anything else is one of what was
 * typed. Only `*`: an x would read a name such as "2x4 timber" as two of "4 timber".
 */
export function parseScan(text: string): Scan {
  const typed = text.trim();
  const counted = /^(\d{1,3})\s*\*\s*(\S.*)$/.exec(typed);
  if (counted) {
    const count = Number(counted[1]);
    if (count >= 1 && count <= MAX_SCAN_COUNT) return { count, code: counted[2]!.trim() };
  }
  return { count: 1, code: typed };
}
