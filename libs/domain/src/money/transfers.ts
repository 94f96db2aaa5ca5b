import Big from 'big.js';
import type { CurrencyCode } from '../currency';
import { AVERAGE_COST_SCALE, QUANTITY_SCALE, remainingOf } from '../stock';
import { batchLockOrder, drawStock, type BatchMovement, type SaleBatch, type ValuationMethod } from '../sales/batch-draw';
import { MINOR_UNIT_DIGITS, moneyText, quantityText, sumDecimals } from '../sales/money';
import type { LedgerMovement } from '../sales/ledger';
import type { SalesProblem } from '../sales/sales-problems';
import type { MoneyProblemCode } from './money-problems';

/**
 * Transfers between locations (issue 15, rules 1 and 2; specification section 3 "Transfer",
 * "Batch snapshot").
 *
 * Drawing. A transfer draws its quantity from the source location's live batches with the sales
 * rules' draw (batch-draw.ts): FIFO oldest first, LIFO newest first. Under AVCO the quantity is
 * drawn oldest first, as a sale's is, but each part carries its batch's OWN cost, not the
 * location's average: a transfer moves batches, not a valuation, so the value it takes from the
 * source is exactly what those batches were worth there, and
 *   stock value at the source before = stock value left at the source + value sent
 * holds to the last decimal (with the average, rounded to 4 places, it would not).
 *
 * Parts (the batch snapshot): one per source batch drawn (batch, quantity, unit cost, the batch's
 * `quantity` before the draw, and `split` when the batch keeps some of what it had left: only part
 * of it went). The quantity is reserved at once by lowering the batch's `quantity` by the part (its
 * `quantitySold` stays what the sales drew), and given back exactly on cancel or delete.
 *
 * Cost (`transferCost`, borne as `costIncursion` says). Whoever bears a share PAYS it on completion:
 * a Transfer transaction of minus that share out of its own balance (transferCostMovements; issue
 * 22, rule 7), so the books balance either way:
 * - Source: the source pays it, an expense of the period; the parts arrive at their own costs.
 * - Destination: the destination pays it, and the arriving stock is worth value sent + transferCost
 *   (landed cost): each unit's cost is raised by transferCost / transferQuantity, recognised as
 *   cost of goods sold when that stock is sold, never as a period expense.
 * - Both: half each way. The source bears the half rounded DOWN to the currency's minor unit, the
 *   destination the rest (so the odd cent of 10.01 goes to the destination: 5.00 paid by the source
 *   as an expense, 5.01 paid by the destination and carried in the stock).
 * The destination's share is spread over the units exactly: arriving costs have AVERAGE_COST_SCALE
 * (4) places like every batch cost, so each unit gets share / quantity rounded down to 4 places and
 * the remainder R (< quantity x 0.0001) goes as 0.0001 more on exactly R / 0.0001 units (a whole
 * number of 0.001 units, since quantities have 3 places and the share 4). When that quantity falls
 * inside a part, the part is split in two (two parts of the same batch, each arriving as its own
 * batch), so Σ arrived quantity x arrived cost = value sent + destination share EXACTLY.
 *
 * Lines (issue 24, rule 5). A transfer may move several items and variants: each line is drawn
 * from its own batches as above, and the one transferCost is shared as above; the destination's
 * share is first split over the lines by the value each sends (shareByWeight: exact to 0.0001,
 * the odd steps to the lines that lost most to rounding), then over each line's units.
 *
 * Status: created Pending; Pending -> Completed (complete), Pending -> Cancelled (cancel); delete
 * removes a Pending (giving its stock back) or Cancelled transfer from lists. Nothing else.
 */

export const COST_INCURSIONS = ['Source', 'Destination', 'Both'] as const;
export type CostIncursion = (typeof COST_INCURSIONS)[number];
export const TRANSFER_STATUSES = ['Pending', 'Completed', 'Cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export type TransferAction = 'complete' | 'cancel' | 'delete';

/** One part of a transfer: what it took from one source batch, and the cost it arrives at. */
export interface TransferPart {
  readonly batchId: string;
  readonly quantity: string;
  /** The source batch's own cost (4 places). */
  readonly unitCost: string;
  /** The source batch's `quantity` before this transfer drew from it. */
  readonly previousQuantity: string;
  /** Only part of what the batch had left went. */
  readonly split: boolean;
  /** Unit cost at the destination: unitCost plus the part's share of the destination's cost. */
  readonly arrivedCost: string;
}

export type TransferProblem =
  | Extract<SalesProblem, { code: 'INSUFFICIENT_STOCK' }>
  | { readonly code: Exclude<MoneyProblemCode, 'EXPENSE_STATUS' | 'INSUFFICIENT_BALANCE'>; readonly message: string; readonly field?: string };

export type TransferResult<T> = ({ readonly ok: true } & T) | { readonly ok: false; readonly problem: TransferProblem };
const refusal = (problem: TransferProblem) => ({ ok: false as const, problem });

/** How transferCost is shared: what the source pays (a transaction) and what the destination's stock carries. */
export interface CostShares {
  readonly source: string;
  readonly destination: string;
}

/** The cost split by who bears it; exact (source + destination = cost), the odd minor unit to the destination. */
export function splitTransferCost(transferCost: string, incursion: CostIncursion | null, currency: CurrencyCode): CostShares {
  const cost = new Big(transferCost);
  if (cost.eq(0) || incursion === null) return { source: moneyText(0), destination: moneyText(0) };
  if (incursion === 'Source') return { source: moneyText(cost), destination: moneyText(0) };
  if (incursion === 'Destination') return { source: moneyText(0), destination: moneyText(cost) };
  const source = cost.div(2).round(MINOR_UNIT_DIGITS[currency], Big.roundDown);
  return { source: moneyText(source), destination: moneyText(cost.minus(source)) };
}

/** What each location pays on completion: a Transfer movement of minus its share (none for a zero share). */
export function transferCostMovements(shares: CostShares): { source: LedgerMovement[]; destination: LedgerMovement[] } {
  const pay = (share: string): LedgerMovement[] => (new Big(share).gt(0) ? [{ transactionType: 'Transfer', amount: moneyText(new Big(share).neg()), creditChange: '0' }] : []);
  return { source: pay(shares.source), destination: pay(shares.destination) };
}

export interface TransferRequest {
  /** The item's (or variant's) batches at the source; others are ignored by the caller. */
  readonly batches: readonly SaleBatch[];
  readonly quantity: string;
  readonly method: ValuationMethod;
  readonly transferCost: string;
  readonly costIncursion: CostIncursion | null;
  readonly currency: CurrencyCode;
  readonly itemID: string;
}

export interface TransferPlan {
  readonly parts: TransferPart[];
  /** Changes of the source batches' `quantity` (negative), one per batch in lock order. */
  readonly reserve: BatchMovement[];
  /** Σ quantity x unitCost: the value leaving the source. */
  readonly valueSent: string;
  readonly shares: CostShares;
}

/** Whether the request's locations and cost are acceptable (before any stock is read). */
export function checkTransferRequest(input: { sourceLocationID: string; destinationLocationID: string; transferCost: string; costIncursion: CostIncursion | null }): TransferResult<object> {
  if (input.sourceLocationID === input.destinationLocationID) {
    return refusal({ code: 'SAME_LOCATION', field: 'destinationLocationID', message: 'The destination must be another location than the source.' });
  }
  if (new Big(input.transferCost).gt(0) && input.costIncursion === null) {
    return refusal({ code: 'COST_INCURSION_REQUIRED', field: 'costIncursion', message: 'Say who bears the transfer cost: Source, Destination or Both.' });
  }
  return { ok: true };
}

/** The parts a transfer of one item draws and the cost each arrives at, or INSUFFICIENT_STOCK (a transfer of one line). */
export function planTransfer(request: TransferRequest): TransferResult<TransferPlan> {
  const planned = planTransferLines({
    lines: [{ itemID: request.itemID, quantity: request.quantity, batches: request.batches }],
    method: request.method,
    transferCost: request.transferCost,
    costIncursion: request.costIncursion,
    currency: request.currency,
  });
  if (!planned.ok) return planned;
  const { parts, reserve, valueSent, shares } = planned;
  return { ok: true, parts, reserve, valueSent, shares };
}

/** One line of a transfer: an item or variant and how many of it, with its batches at the source. */
export interface TransferLineRequest {
  readonly itemID: string;
  readonly quantity: string;
  /** The item's (or variant's) batches at the source; others are ignored by the caller. */
  readonly batches: readonly SaleBatch[];
}

export interface TransferLinesRequest {
  readonly lines: readonly TransferLineRequest[];
  readonly method: ValuationMethod;
  readonly transferCost: string;
  readonly costIncursion: CostIncursion | null;
  readonly currency: CurrencyCode;
}

/** What one line takes: its parts, the value it sends, and its share of the destination's cost. */
export interface TransferLinePlan {
  readonly itemID: string;
  readonly quantity: string;
  readonly parts: TransferPart[];
  readonly valueSent: string;
  /** The part of the destination's share of the cost this line's stock carries (4 places). */
  readonly costShare: string;
}

export interface TransferLinesPlan extends Omit<TransferPlan, 'parts'> {
  readonly lines: TransferLinePlan[];
  /** Every line's parts, line after line. */
  readonly parts: TransferPart[];
}

/**
 * Shares `total` (4 places) over weights exactly: each its proportional share rounded down to 4
 * places, then 0.0001 more to the shares that lost most to the rounding (the first of equals), so
 * the shares add up to `total` to the last 0.0001. Weights all zero share by count.
 */
export function shareByWeight(total: string, weights: readonly string[]): string[] {
  if (weights.length === 0) return [];
  const sum = sumDecimals(weights);
  const used = sum.eq(0) ? weights.map(() => new Big(1)) : weights.map((weight) => new Big(weight));
  const whole = sum.eq(0) ? new Big(weights.length) : sum;
  const exact = used.map((weight) => new Big(total).times(weight).div(whole));
  const shares = exact.map((share) => share.round(AVERAGE_COST_SCALE, Big.roundDown));
  let left = new Big(total).minus(sumDecimals(shares)).div(STEP).round(0, Big.roundDown).toNumber();
  const order = exact.map((share, index) => ({ index, lost: share.minus(shares[index]!) })).sort((a, b) => b.lost.cmp(a.lost) || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = shares[index]!.plus(STEP);
    left -= 1;
  }
  return shares.map((share) => share.toFixed(AVERAGE_COST_SCALE));
}

/**
 * The parts of a transfer of several lines (issue 24, rule 5): each line drawn from its own
 * batches as a one-line transfer is; one cost for the whole transfer, the destination's share split
 * over the lines by the value each sends (shareByWeight, exact), then over each line's units
 * (spreadCost, exact). INSUFFICIENT_STOCK names the line's item.
 */
export function planTransferLines(request: TransferLinesRequest): TransferResult<TransferLinesPlan> {
  const checked = checkTransferRequest({ sourceLocationID: 's', destinationLocationID: 'd', transferCost: request.transferCost, costIncursion: request.costIncursion });
  if (!checked.ok) return checked;
  const taken: Omit<TransferPart, 'arrivedCost'>[][] = [];
  for (const line of request.lines) {
    // AVCO draws oldest first like FIFO; every part keeps its batch's own cost (see the file comment).
    const drawn = drawStock({ batches: line.batches, quantity: line.quantity, method: request.method === 'LIFO' ? 'LIFO' : 'FIFO', itemID: line.itemID, field: 'transferQuantity' });
    if (!drawn.ok) return refusal(drawn.problem as Extract<SalesProblem, { code: 'INSUFFICIENT_STOCK' }>);
    const byId = new Map(line.batches.map((batch) => [batch.id, batch]));
    taken.push(
      drawn.draws.map((draw) => {
        const batch = byId.get(draw.batchId)!;
        return { batchId: draw.batchId, quantity: draw.quantity, unitCost: draw.unitCost, previousQuantity: quantityText(batch.quantity), split: new Big(draw.quantity).lt(remainingOf(batch)) };
      }),
    );
  }
  const shares = splitTransferCost(request.transferCost, request.costIncursion, request.currency);
  const values = taken.map((parts) => sumDecimals(parts.map((part) => new Big(part.quantity).times(part.unitCost))).toFixed(VALUE_SCALE));
  const costShares = shareByWeight(shares.destination, values);
  const lines = request.lines.map((line, index): TransferLinePlan => {
    const parts = spreadCost(taken[index]!, costShares[index]!);
    return { itemID: line.itemID, quantity: quantityText(line.quantity), parts, valueSent: partsValue(parts, 'unitCost'), costShare: costShares[index]! };
  });
  const parts = lines.flatMap((line) => line.parts);
  const dearest = lines.find((line) => line.parts.some((part) => new Big(part.arrivedCost).gt(MAX_UNIT_COST)));
  if (dearest) {
    return refusal({
      code: 'COST_TOO_HIGH',
      field: 'transferCost',
      message: `This cost over ${quantityText(dearest.quantity).replace(/\.?0+$/, '')} units makes each arrive at more than 1,000,000,000. Lower the cost or move more units.`,
    });
  }
  return {
    ok: true,
    lines,
    parts,
    reserve: giveBack(taken.flat()).map((movement) => ({ batchId: movement.batchId, quantity: quantityText(new Big(movement.quantity).times(-1)) })),
    valueSent: partsValue(parts, 'unitCost'),
    shares,
  };
}

const STEP = new Big(1).div(10 ** AVERAGE_COST_SCALE);

/** The most a unit may cost (the contracts' MAX_AMOUNT): an arriving cost beyond it is refused, never stored. */
export const MAX_UNIT_COST = '1000000000';

/** Raises the parts' costs by `share` spread over their units exactly, splitting at most one part in two. */
export function spreadCost(parts: readonly Omit<TransferPart, 'arrivedCost'>[], share: string): TransferPart[] {
  const total = sumDecimals(parts.map((part) => part.quantity));
  const perUnit = total.eq(0) ? new Big(0) : new Big(share).div(total).round(AVERAGE_COST_SCALE, Big.roundDown);
  // Units that take one STEP more: (share - total x perUnit) / STEP, a multiple of 0.001.
  let extra = new Big(share).minus(total.times(perUnit)).div(STEP);
  const out: TransferPart[] = [];
  // The last parts take the extra step: walk backwards, then restore the draw order.
  for (const part of [...parts].reverse()) {
    const base = new Big(part.unitCost).plus(perUnit);
    const quantity = new Big(part.quantity);
    const high = extra.gt(quantity) ? quantity : extra;
    extra = extra.minus(high);
    const low = quantity.minus(high);
    const piece = (q: Big, cost: Big): TransferPart => ({ ...part, quantity: quantityText(q), arrivedCost: cost.toFixed(AVERAGE_COST_SCALE) });
    // Two parts of one batch are both a split of it.
    if (high.gt(0) && low.gt(0)) out.push({ ...piece(high, base.plus(STEP)), split: true }, { ...piece(low, base), split: true });
    else out.push(high.gt(0) ? piece(high, base.plus(STEP)) : piece(low, base));
  }
  return out.reverse();
}

/** Places of quantity x cost: 3 of a quantity and 4 of a cost, so a value with them is exact. */
export const VALUE_SCALE = QUANTITY_SCALE + AVERAGE_COST_SCALE;

/** Σ quantity x the given per-unit cost of the parts, exact (VALUE_SCALE places). */
export function partsValue(parts: readonly Pick<TransferPart, 'quantity' | 'unitCost' | 'arrivedCost'>[], cost: 'unitCost' | 'arrivedCost'): string {
  return sumDecimals(parts.map((part) => new Big(part.quantity).times(part[cost]))).toFixed(VALUE_SCALE);
}

/** The movements giving a transfer's parts back to their source batches (`quantity` +), in lock order. */
export function giveBack(parts: readonly Pick<TransferPart, 'batchId' | 'quantity'>[]): BatchMovement[] {
  const total = new Map<string, Big>();
  for (const part of parts) total.set(part.batchId, (total.get(part.batchId) ?? new Big(0)).plus(part.quantity));
  return batchLockOrder(total.keys()).map((batchId) => ({ batchId, quantity: quantityText(total.get(batchId)!) }));
}

export interface TransferState {
  readonly status: TransferStatus;
  readonly deletedAt: string | Date | null;
}

export interface TransferChange {
  /** The status after the change (delete keeps the status and sets deletedAt). */
  readonly status: TransferStatus;
  /** The reserved stock goes back to its batches. */
  readonly restock: boolean;
  /** The parts arrive at the destination (and the source's share of the cost is paid). */
  readonly arrive: boolean;
}

/** Whether `action` is allowed on a transfer in `state`, and what it does; TRANSFER_STATUS (409) with the reason otherwise. */
export function changeTransfer(state: TransferState, action: TransferAction): TransferResult<TransferChange> {
  const refuse = (message: string) => refusal({ code: 'TRANSFER_STATUS', message });
  if (state.deletedAt) return refuse('This transfer was deleted.');
  switch (action) {
    case 'complete':
    case 'cancel':
      if (state.status !== 'Pending') return refuse(`Only a pending transfer can be ${action === 'complete' ? 'completed' : 'cancelled'}; this one is ${state.status.toLowerCase()}.`);
      return action === 'complete' ? { ok: true, status: 'Completed', restock: false, arrive: true } : { ok: true, status: 'Cancelled', restock: true, arrive: false };
    case 'delete':
      if (state.status === 'Completed') return refuse('A completed transfer cannot be deleted: its stock is at the destination.');
      return { ok: true, status: state.status, restock: state.status === 'Pending', arrive: false };
  }
}
