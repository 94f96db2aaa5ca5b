import Big from 'big.js';
import { AVERAGE_COST_SCALE, remainingOf, stockFigures, type StockBatch } from '../stock';
import { moneyText, quantityText, roundCost, sumDecimals } from './money';
import { salesRefusal, type SalesResult } from './sales-problems';

/**
 * Which batches a sale draws from (issue 14, rule 2), and in which order batches are locked.
 *
 * - FIFO: the location's live batches oldest first (dateAdded, then createdAt, then id so the
 *   order is total); each draw costs its batch's own cost.
 * - LIFO: the exact reverse order; each draw costs its batch's own cost.
 * - AVCO: quantities are drawn oldest first (as FIFO), but every draw is costed at the location's
 *   weighted average cost at the moment of sale: Σ remaining x cost / Σ remaining over the live
 *   batches, rounded half up to AVERAGE_COST_SCALE (4) places, exactly as the item's
 *   `averageCost` is (stock.ts). So each draw's unitCost is that average and the line's cost is
 *   average x quantity, rounded to MONEY_SCALE like every line cost.
 * - SELECT (business level) means each line names FIFO, LIFO or AVCO.
 * A line's cost is always Σ draw quantity x unitCost, rounded once to MONEY_SCALE (drawsCost), so
 * a refund that returns some draws leaves a cost computed the same way from what remains.
 */

export const VALUATION_METHODS = ['FIFO', 'LIFO', 'AVCO'] as const;
export type ValuationMethod = (typeof VALUATION_METHODS)[number];
export const BUSINESS_VALUATION_METHODS = ['FIFO', 'LIFO', 'AVCO', 'SELECT'] as const;
export type BusinessValuationMethod = (typeof BUSINESS_VALUATION_METHODS)[number];

/** A batch as the sales service reads it after locking it. */
export interface SaleBatch extends StockBatch {
  readonly id: string;
  readonly dateAdded: string | Date;
  readonly createdAt: string | Date;
}

/** What a line took from one batch. */
export interface BatchDraw {
  readonly batchId: string;
  readonly quantity: string;
  readonly unitCost: string;
}

/** A line's draw as stored, with what refunds (or a cancellation) already gave back to the batch. */
export interface RecordedDraw extends BatchDraw {
  readonly returned: string;
}

/** A change of a batch's quantitySold: + for a sale, - for a return. */
export interface BatchMovement {
  readonly batchId: string;
  readonly quantity: string;
}

/**
 * The method a line is valued with: the business's, or under SELECT the one the line names. A
 * line naming a method under a fixed business method must name that method.
 */
export function lineValuationMethod(business: BusinessValuationMethod, named: string | null | undefined, field: string): SalesResult<{ method: ValuationMethod }> {
  const isMethod = (VALUATION_METHODS as readonly string[]).includes(named ?? '');
  if (business === 'SELECT') {
    if (!isMethod) return salesRefusal({ code: 'METHOD_REQUIRED', field, message: 'Choose FIFO, LIFO or AVCO for this line.' });
    return { ok: true, method: named as ValuationMethod };
  }
  if (named != null && named !== business) {
    return salesRefusal({ code: 'METHOD_NOT_SELECTABLE', field, message: `This business values its stock with ${business}; a line cannot choose another method.` });
  }
  return { ok: true, method: business };
}

/** A batch date as milliseconds; an unreadable one throws rather than silently reorder batches. */
function time(value: string | Date): number {
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(ms)) throw new RangeError(`Not a date: ${String(value)}`);
  return ms;
}
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Oldest first: dateAdded, then createdAt, then id. */
function oldestFirst(a: SaleBatch, b: SaleBatch): number {
  return time(a.dateAdded) - time(b.dateAdded) || time(a.createdAt) - time(b.createdAt) || compareText(a.id, b.id);
}

/** The live batches with stock left, in the order the method draws them. */
export function drawOrder(batches: readonly SaleBatch[], method: ValuationMethod): SaleBatch[] {
  const live = batches.filter((batch) => !batch.deletedAt && remainingOf(batch).gt(0)).sort(oldestFirst);
  return method === 'LIFO' ? live.reverse() : live;
}

/** Σ quantity x unitCost of the draws (less what was returned), rounded once to MONEY_SCALE. */
export function drawsCost(draws: readonly (BatchDraw & { readonly returned?: string })[]): string {
  return moneyText(roundCost(sumDecimals(draws.map((draw) => new Big(draw.quantity).minus(draw.returned ?? 0).times(draw.unitCost)))));
}

export interface DrawRequest {
  /** The batches of the item (or variant) at the invoice's location; others are ignored by the caller. */
  readonly batches: readonly SaleBatch[];
  readonly quantity: string;
  readonly method: ValuationMethod;
  /** For the refusal: which item, and the request field of the line. */
  readonly itemID: string;
  readonly field: string;
}

/** The draws of one line and its cost, or INSUFFICIENT_STOCK carrying asked and on-hand quantities. */
export function drawStock(request: DrawRequest): SalesResult<{ draws: BatchDraw[]; cost: string }> {
  const ordered = drawOrder(request.batches, request.method);
  const onHand = sumDecimals(ordered.map(remainingOf));
  const asked = new Big(request.quantity);
  if (asked.gt(onHand)) {
    return salesRefusal({
      code: 'INSUFFICIENT_STOCK',
      field: request.field,
      itemID: request.itemID,
      asked: quantityText(asked),
      onHand: quantityText(onHand),
      message: `Only ${quantityText(onHand)} on hand; ${quantityText(asked)} asked.`,
    });
  }
  const average = request.method === 'AVCO' ? new Big(stockFigures(ordered).averageCost).toFixed(AVERAGE_COST_SCALE) : null;
  const draws: BatchDraw[] = [];
  let left = asked;
  for (const batch of ordered) {
    if (left.eq(0)) break;
    const remaining = remainingOf(batch);
    const taken = remaining.lt(left) ? remaining : left;
    draws.push({ batchId: batch.id, quantity: quantityText(taken), unitCost: average ?? new Big(batch.cost).toFixed(AVERAGE_COST_SCALE) });
    left = left.minus(taken);
  }
  return { ok: true, draws, cost: drawsCost(draws) };
}

function totalPerBatch(movements: readonly BatchMovement[]): Map<string, Big> {
  const total = new Map<string, Big>();
  for (const movement of movements) total.set(movement.batchId, (total.get(movement.batchId) ?? new Big(0)).plus(movement.quantity));
  return total;
}

/** The batches after the movements (quantitySold + movement), for planning several lines of one item. */
export function applyMovements<B extends SaleBatch>(batches: readonly B[], movements: readonly BatchMovement[]): B[] {
  const change = totalPerBatch(movements);
  return batches.map((batch) => {
    const delta = change.get(batch.id);
    return delta ? { ...batch, quantitySold: quantityText(new Big(batch.quantitySold).plus(delta)) } : batch;
  });
}

/** Movements summed per batch (zero ones dropped), in lock order. */
export function mergeMovements(movements: readonly BatchMovement[]): BatchMovement[] {
  const total = totalPerBatch(movements);
  return batchLockOrder(total.keys())
    .filter((batchId) => !(total.get(batchId) as Big).eq(0))
    .map((batchId) => ({ batchId, quantity: quantityText(total.get(batchId) as Big) }));
}

/**
 * The order in which a transaction must lock (SELECT … FOR UPDATE) the batches it touches: each id
 * once, ascending by code unit, which for the lowercase text of a uuid is PostgreSQL's own uuid
 * order, so `ORDER BY id` in the locking statement gives the same sequence. Every sale, refund,
 * cancellation and transfer locking in this one order means two of them can wait for each other
 * but never deadlock. Lock all the batches of all the invoice's items in one statement.
 */
export function batchLockOrder(batchIds: Iterable<string>): string[] {
  return [...new Set(batchIds)].sort(compareText);
}
