import { z } from 'zod';
import { COST_INCURSIONS, TRANSFER_STATUSES, VALUATION_METHODS } from '@stockbook/domain';
import { IdListQuerySchema } from './locations.contract';
import { AmountSchema, DateTimeSchema, PositiveQuantitySchema } from './items.contract';
import { InvoicePersonSchema } from './invoices.contract';

/**
 * Transfers of stock between locations (specification sections 3 "Transfer", "Batch snapshot", 7;
 * issue 15 rules 1, 2). The rules are `@stockbook/domain`'s transfers.ts (planTransfer,
 * splitTransferCost, changeTransfer); these are the shapes on the wire.
 *
 * Paths (under /api/v1/); limited to the caller's business (another business's transfer, item or
 * location is a 404) and to the locations where the caller holds the action (403 otherwise):
 * - POST user/transfer            create:transfer at the source      CreateTransferRequest -> TransferResponse (201).
 *        Pending at once: the quantity is reserved at the source (drawn by the valuation method) and can
 *        be neither sold nor transferred again until cancelled or deleted.
 * - GET  user/transfer?startDate=&endDate=&locations=   view:transfer at the source or the destination ->
 *        TransferListResponse, newest first; default range today (server day); `locations` keeps the
 *        transfers from or to those locations.
 * - GET  user/transfer/{id}       view:transfer at the source or the destination -> TransferResponse
 * - POST user/transfer/complete   complete:transfer at the destination   TransferActionRequest -> TransferResponse:
 *        Completed; each part arrives at the destination as a batch (cost as the snapshot says); a cost
 *        borne by the source is paid there (a Transfer transaction).
 * - POST user/transfer/cancel     cancel:transfer at the source or the destination -> TransferResponse:
 *        Cancelled; the reserved stock is back in its batches.
 * - POST user/transfer/delete     delete:transfer at the source -> TransferResponse: a Pending or Cancelled
 *        transfer leaves the lists (`deletedAt`), a Pending one's stock goes back.
 *
 * Errors (code -> status): TRANSFER_STATUS 409 (a change the status forbids, with the reason),
 * INSUFFICIENT_STOCK 409 (`fieldErrors.transferQuantity`, asked and on hand), SAME_LOCATION 400
 * (`destinationLocationID`), COST_INCURSION_REQUIRED 400 (`costIncursion`), METHOD_REQUIRED 400 /
 * METHOD_NOT_SELECTABLE 400 (`stockValuationMethod`), VALIDATION_FAILED 400.
 *
 * Money: decimal strings, 4 places; quantities 3 places. The snapshot's `cost` is sent only to callers
 * holding `view:cost` (COST_FIELDS); `transferCost` is money paid, shown to everyone who may see the transfer.
 * Live data: every write reloads `transfers`, `items`, `transactions` and `reports`.
 */

const id = (what: string) => {
  const message = `Choose ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what}.`;
  return z.string({ error: message }).uuid(message);
};

export const CostIncursionSchema = z.enum(COST_INCURSIONS, { error: 'Choose who bears the cost: Source, Destination or Both.' });
export const TransferStatusSchema = z.enum(TRANSFER_STATUSES);

// ---- Answers ------------------------------------------------------------------------------------

/**
 * One part of a transfer (the specification's batch snapshot). While the transfer is Pending or
 * Cancelled it names the source batch drawn (`batchID`, `locationID` the source, `transferred`
 * false); once Completed it names the batch that arrived at the destination, with
 * `previousBatchID` / `previousLocationID` the source batch and location. `cost` is the unit cost
 * the part arrives (or will arrive) at: the source batch's cost, plus its share of a cost borne by
 * the destination. A batch of which only part went is a `split` (a part may also be split in two
 * to carry the destination's cost to the last 0.0001).
 */
export const BatchSnapshotSchema = z.object({
  batchID: z.string(),
  locationID: z.string(),
  quantity: z.string(),
  /** Absent without `view:cost`. */
  cost: z.string().optional(),
  split: z.boolean(),
  transferred: z.boolean(),
  previousBatchID: z.string().nullable(),
  previousLocationID: z.string().nullable(),
  /** The source batch's quantity before the transfer drew from it. */
  previousQuantity: z.string(),
  /** The source batch's date added (an arrived batch keeps it). */
  dateAdded: z.string(),
  /** The batch's, if it was deleted since. */
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
});
export type BatchSnapshot = z.infer<typeof BatchSnapshotSchema>;

/** The item a transfer, or one of its lines, moves: the item (or a variant's parent) and the variant. */
const MovedItemShape = {
  /** The top item: the item itself, or a variant's parent. */
  itemID: z.string(),
  /** The variant moved; null for a simple item. */
  variantID: z.string().nullable(),
  itemName: z.string(),
  variantName: z.string().nullable(),
};

/**
 * One line of a transfer (issue 24, rule 5): an item or variant and how many of it moved, read from
 * its parts. `costShare` is the part of the destination's share of transferCost its stock carries
 * (the lines' shares add up to it); `stockValue`, the value it left the source with, is absent
 * without `view:cost`.
 */
export const TransferLineSchema = z.object({
  ...MovedItemShape,
  transferQuantity: z.string(),
  costShare: z.string(),
  stockValue: z.string().optional(),
});
export type TransferLine = z.infer<typeof TransferLineSchema>;

/** What happened to a transfer, when and by whom (its page's history). */
export const TRANSFER_EVENTS = ['Started', 'Completed', 'Cancelled', 'Deleted'] as const;
export const TransferEventSchema = z.object({ event: z.enum(TRANSFER_EVENTS), at: z.string(), by: InvoicePersonSchema.nullable() });
export type TransferEvent = z.infer<typeof TransferEventSchema>;

export const TransferSchema = z.object({
  _id: z.string(),
  ...MovedItemShape,
  sourceLocationID: z.string(),
  destinationLocationID: z.string(),
  transferCost: z.string(),
  /** Every line's quantity together. */
  transferQuantity: z.string(),
  /** What moved, line by line (one for a transfer of one item); the item fields above are the first line's. */
  lines: z.array(TransferLineSchema),
  batchSnapshot: z.array(BatchSnapshotSchema),
  status: TransferStatusSchema,
  createdBy: InvoicePersonSchema.nullable(),
  approvedBy: InvoicePersonSchema.nullable(),
  deniedBy: InvoicePersonSchema.nullable(),
  costIncursion: CostIncursionSchema.nullable(),
  stockValuationMethod: z.enum(VALUATION_METHODS),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
  /** Oldest first: started, then completed or cancelled, then deleted. */
  history: z.array(TransferEventSchema),
});
export type Transfer = z.infer<typeof TransferSchema>;

export const TransferResponseSchema = z.object({ transfer: TransferSchema });
export type TransferResponse = z.infer<typeof TransferResponseSchema>;
export const TransferListResponseSchema = z.object({ transfers: z.array(TransferSchema) });
export type TransferListResponse = z.infer<typeof TransferListResponseSchema>;

// ---- Requests -----------------------------------------------------------------------------------

/**
 * POST user/transfer. `costIncursion` is required when `transferCost` is more than 0;
 * `stockValuationMethod` is required when the business values stock with SELECT (otherwise the
 * business's method, which it may repeat).
 */
/** The most lines one transfer moves. */
export const MAX_TRANSFER_LINES = 50;

/** One line of a new transfer: a simple item or a variant (not a variant item's parent), and how many. */
export const TransferLineRequestSchema = z.strictObject({
  itemID: id('item'),
  transferQuantity: PositiveQuantitySchema('Quantity'),
});
export type TransferLineRequest = z.input<typeof TransferLineRequestSchema>;

export const CreateTransferRequestSchema = z
  .strictObject({
    /** One item: a simple item or a variant (not a variant item's parent); or `lines` instead. */
    itemID: id('item').optional(),
    transferQuantity: PositiveQuantitySchema('Quantity').optional(),
    /** Several items and variants in one transfer (issue 24, rule 5), each once. */
    lines: z
      .array(TransferLineRequestSchema)
      .min(1, 'Add at least one item to move.')
      .max(MAX_TRANSFER_LINES, `Move at most ${MAX_TRANSFER_LINES} items in one transfer.`)
      .optional(),
    sourceLocationID: id('source location'),
    destinationLocationID: id('destination location'),
    transferCost: AmountSchema('Transfer cost').default('0'),
    costIncursion: CostIncursionSchema.nullable().default(null),
    stockValuationMethod: z.enum(VALUATION_METHODS, { error: 'Choose FIFO, LIFO or AVCO.' }).optional(),
  })
  .superRefine(
    (body, context) => {
      // Run even when other fields fail (below): the body may be no object at all.
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
      if (body.lines !== undefined) {
        if (body.itemID !== undefined || body.transferQuantity !== undefined) {
          context.addIssue({ code: 'custom', path: ['itemID'], message: 'Give either lines or one itemID with its transferQuantity, not both.' });
        }
        if (!Array.isArray(body.lines)) return;
        const seen = new Set<unknown>();
        body.lines.forEach((line, index) => {
          const id = (line as { itemID?: unknown } | null)?.itemID;
          if (typeof id === 'string' && seen.has(id)) context.addIssue({ code: 'custom', path: ['lines', index, 'itemID'], message: 'This item is on another line already: add the quantities up on one line.' });
          seen.add(id);
        });
        return;
      }
      if (body.itemID === undefined) context.addIssue({ code: 'custom', path: ['itemID'], message: 'Choose an item.' });
      if (body.transferQuantity === undefined) context.addIssue({ code: 'custom', path: ['transferQuantity'], message: 'Quantity is required.' });
    },
    // Checked even when other fields have problems, so a body with several hears of every one at once.
    { when: () => true },
  );

/** The lines of a new transfer: its `lines`, or its one item as a line. */
export function transferLinesOf(body: { itemID?: string; transferQuantity?: string; lines?: readonly { itemID: string; transferQuantity: string }[] }): { itemID: string; transferQuantity: string }[] {
  return body.lines ? [...body.lines] : [{ itemID: body.itemID!, transferQuantity: body.transferQuantity! }];
}
export type CreateTransferRequest = z.input<typeof CreateTransferRequestSchema>;

/** POST user/transfer/complete, cancel and delete. */
export const TransferActionRequestSchema = z.strictObject({ transferID: id('transfer') });
export type TransferActionRequest = z.input<typeof TransferActionRequestSchema>;

/** GET user/transfer: from startDate to endDate (both default to today's bounds), optionally only some locations. */
export const DatedTransfersQuerySchema = z.strictObject({
  startDate: DateTimeSchema('Start date').optional(),
  endDate: DateTimeSchema('End date').optional(),
  locations: IdListQuerySchema,
});
export interface DatedTransfersQuery {
  startDate?: string;
  endDate?: string;
  locations?: string[];
}

// ---- In transit -----------------------------------------------------------------------------------

/**
 * GET user/inventory/in-transit?location= (view:item): the units of pending transfers on their way
 * to the caller's view:item locations (to `location` alone when given), per item or variant and
 * route (issue 24, rule 5). A transfer reserves its units at the source when it starts, so they
 * leave the source's stock at once; until they arrive they are counted here, at the value they
 * left with (their batches' costs), so stock value = on hand + in transit. `stockValue` and
 * `onHandValue` are absent without `view:cost`.
 */
export const InTransitLineSchema = z.object({
  ...MovedItemShape,
  sourceLocationID: z.string(),
  destinationLocationID: z.string(),
  quantity: z.string(),
  stockValue: z.string().optional(),
  /** How many pending transfers carry these units. */
  transfers: z.number().int(),
});
export type InTransitLine = z.infer<typeof InTransitLineSchema>;
export const InTransitResponseSchema = z.object({
  lines: z.array(InTransitLineSchema),
  /** Σ of the lines. */
  quantity: z.string(),
  stockValue: z.string().optional(),
  /** Pending transfers coming to the locations. */
  transfers: z.number().int(),
  /** The value of the stock on hand at the same locations (live batches, at their costs). */
  onHandValue: z.string().optional(),
});
export type InTransitResponse = z.infer<typeof InTransitResponseSchema>;
export const InTransitQuerySchema = z.strictObject({ location: id('location').optional() });
export interface InTransitQuery {
  location?: string;
}
