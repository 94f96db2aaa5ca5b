import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { batchLockOrder, type BatchMovement, type SaleBatch, type TaxChoice } from '@stockbook/domain';
import { preparedQuery, preparedResult } from '../common/database/prepared-query';
import { AppError } from '../common/errors/app-error';

/** A simple item or variant as a sale names it. */
export interface SellableItem {
  readonly id: string;
  /** The item's, or for a variant its parent's, id (where categories and the card live). */
  readonly topId: string;
  readonly itemName: string;
  readonly variantName: string | null;
  readonly simpleItem: boolean;
  readonly price: string;
  /** Its own tax choice, and for a variant its item's (tax.ts, saleTaxRate). */
  readonly tax: TaxChoice;
  readonly parentTax: TaxChoice | null;
}

/** A batch as locked: the domain's SaleBatch, with its item. */
export interface LockedBatch extends SaleBatch {
  readonly itemId: string;
}

export interface BatchRow {
  id: string;
  item_id: string;
  location_id: string;
  quantity: string;
  quantity_sold: string;
  cost: string;
  /** Dates, or their text when read through JSON. */
  date_added: Date | string;
  created_at: Date | string;
  deleted_at: Date | string | null;
}

const toBatch = (row: BatchRow): LockedBatch => ({
  id: row.id,
  itemId: row.item_id,
  locationID: row.location_id,
  quantity: row.quantity,
  quantitySold: row.quantity_sold,
  cost: row.cost,
  dateAdded: new Date(row.date_added),
  createdAt: new Date(row.created_at),
  deletedAt: row.deleted_at === null ? null : new Date(row.deleted_at),
});

/** A BatchRow's columns, read from `batches`. */
export const BATCH_COLUMNS = 'id, item_id, location_id, quantity::text, quantity_sold::text, cost::text, date_added, created_at, deleted_at';

/**
 * The one way stock moves for sales, refunds, cancellations and transfers: every method
 * works inside the caller's transaction (`manager`), locks the batches it touches with
 * SELECT ... FOR UPDATE in the domain's `batchLockOrder` (ascending id: `ORDER BY id`, one
 * statement), and applies the movements the domain planned to `quantity_sold`. No other code writes
 * batch quantities for these; the database's triggers keep each item's on hand and low-stock flag
 * in the same transaction, as for every batch write (item cards hold no stock: a sale leaves them
 * current), and `ck_batches_quantities` refuses
 * a quantity sold above the quantity even if a plan were wrong.
 */
/**
 * Adds each movement (batch ids $ids, quantities $quantities) to `column` of its batch of business
 * $business, one row per batch moved: the one statement every stock movement is written with.
 */
const moveBatches = (column: 'quantity_sold' | 'quantity', business: string, ids: string, quantities: string) =>
  `UPDATE batches b SET ${column} = b.${column} + m.quantity, updated_at = now()
     FROM unnest(${ids}::uuid[], ${quantities}::numeric[]) AS m(id, quantity)
    WHERE b.id = m.id AND b.business_id = ${business} RETURNING b.id`;

/** A sale's movements (planSale's `sold`) as a statement to run inside the sale's own (see InvoicesService.sell). */
export const SOLD_FROM_BATCHES = (business: string, ids: string, quantities: string) => moveBatches('quantity_sold', business, ids, quantities);

/** A row of SELLABLE_ITEMS. */
export interface SellableRow {
  id: string;
  top_id: string;
  item_name: string;
  variant_name: string | null;
  simple_item: boolean;
  price: string;
  tax_rate_id: string | null;
  tax_exempt: boolean;
  parent_tax_rate_id: string | null;
  parent_tax_exempt: boolean | null;
}

/** The live simple items and variants of business `business` among the uuid[] `ids` (SQL expressions). */
export const SELLABLE_ITEMS = (business: string, ids: string) =>
  `SELECT i.id, coalesce(i.parent_id, i.id) AS top_id, i.item_name, i.variant_name, i.simple_item, i.price::text AS price, i.tax_rate_id, i.tax_exempt,
          p.tax_rate_id AS parent_tax_rate_id, p.tax_exempt AS parent_tax_exempt
     FROM items i LEFT JOIN items p ON p.id = i.parent_id
    WHERE i.id = ANY(${ids}) AND i.business_id = ${business} AND i.deleted_at IS NULL AND (i.simple_item OR i.parent_id IS NOT NULL)`;

export const sellableById = (rows: readonly SellableRow[]): Map<string, SellableItem> =>
  new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        topId: row.top_id,
        itemName: row.item_name,
        variantName: row.variant_name,
        simpleItem: row.simple_item,
        price: row.price,
        tax: { taxRateId: row.tax_rate_id, taxExempt: row.tax_exempt },
        parentTax: row.parent_tax_exempt === null ? null : { taxRateId: row.parent_tax_rate_id, taxExempt: row.parent_tax_exempt },
      },
    ]),
  );

/** Locked batch rows by item id, in lock order. */
export function batchesByItem(rows: readonly BatchRow[]): Record<string, LockedBatch[]> {
  const byItem: Record<string, LockedBatch[]> = {};
  for (const row of rows) (byItem[row.item_id] ??= []).push(toBatch(row));
  return byItem;
}

@Injectable()
export class StockService {
  /** The live simple items and variants among `ids` (a variant item's parent is not sellable), by id. */
  async sellableItems(manager: EntityManager, businessId: string, ids: readonly string[]): Promise<Map<string, SellableItem>> {
    const rows = await preparedQuery<SellableRow>(manager, 'sellable-items', `${SELLABLE_ITEMS('$1', '$2::uuid[]')}`, [businessId, [...new Set(ids)]]);
    return sellableById(rows);
  }

  /** Locks every live batch of `itemIds` at `locationId` (lock order) and returns them by item id. */
  async lockForSale(manager: EntityManager, businessId: string, locationId: string, itemIds: readonly string[]): Promise<Record<string, LockedBatch[]>> {
    const rows = await preparedQuery<BatchRow>(
      manager,
      'lock-for-sale',
      `SELECT ${BATCH_COLUMNS} FROM batches
        WHERE business_id = $1 AND location_id = $2 AND item_id = ANY($3::uuid[]) AND deleted_at IS NULL
        ORDER BY id FOR UPDATE`,
      [businessId, locationId, [...new Set(itemIds)]],
    );
    return batchesByItem(rows);
  }

  /** Locks the batches named (a refund's or cancellation's, deleted ones too) in lock order. */
  async lockBatches(manager: EntityManager, businessId: string, batchIds: readonly string[]): Promise<LockedBatch[]> {
    if (batchIds.length === 0) return [];
    const rows = (await preparedQuery(manager, 'lock-batches', `SELECT ${BATCH_COLUMNS} FROM batches WHERE business_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`, [
      businessId,
      batchLockOrder(batchIds),
    ])) as BatchRow[];
    return rows.map(toBatch);
  }

  /**
   * Applies planned movements (+ sold, - returned) to batches this transaction has locked, in one
   * statement. Movements come from the domain (planSale's `sold`, planRefund's / planCancel's
   * `restock`), already one per batch in lock order.
   */
  async applyMovements(manager: EntityManager, businessId: string, movements: readonly BatchMovement[]): Promise<void> {
    await this.move(manager, businessId, 'quantity_sold', movements);
  }

  /** Adds each movement to `column` of its batch, in one statement; every batch named must be there. */
  private async move(manager: EntityManager, businessId: string, column: 'quantity_sold' | 'quantity', movements: readonly BatchMovement[]): Promise<void> {
    if (movements.length === 0) return;
    const { rowCount: count } = await preparedResult(manager, `move-batches-${column}`, moveBatches(column, '$1', '$2', '$3'), [
      businessId,
      movements.map((movement) => movement.batchId),
      movements.map((movement) => movement.quantity),
    ]);
    if (count !== movements.length) throw new AppError('INTERNAL', `Stock movement touched ${count} of ${movements.length} batches.`);
  }

  // ---- Transfers (issue 15) ---------------------------------------------------------------------
  // A transfer locks its source batches with lockForSale (create) or lockBatches (cancel, delete),
  // in the same lock order as every sale, so sales and transfers of the last units wait for each
  // other and never both take them.

  /**
   * Changes the `quantity` of batches this transaction has locked: a transfer's reservation (-, the
   * domain's planTransfer `reserve`) or its giving back (+, giveBack), never `quantity_sold`. The
   * triggers keep on hand; `ck_batches_quantities` refuses a reservation of
   * stock already sold even if a plan were wrong.
   */
  async changeQuantities(manager: EntityManager, businessId: string, movements: readonly BatchMovement[]): Promise<void> {
    await this.move(manager, businessId, 'quantity', movements);
  }

  /**
   * A completed transfer's parts arriving at the destination: one new batch per part, of the source
   * batch's item and supplier with its dateAdded, at the part's arrived cost, pointing back to the
   * source batch and location and to the transfer. Returns the new batch ids in the parts' order.
   */
  async addArrivals(
    manager: EntityManager,
    arrival: { businessId: string; transferId: string; destinationLocationId: string; parts: readonly { sourceBatchId: string; quantity: string; cost: string }[] },
  ): Promise<string[]> {
    const ids = arrival.parts.map(() => randomUUID());
    if (ids.length === 0) return ids;
    const inserted = (await manager.query(
      `INSERT INTO batches (id, business_id, item_id, supplier_id, location_id, quantity, cost, date_added, previous_batch_id, previous_location_id, transfer_id)
       SELECT p.id, b.business_id, b.item_id, b.supplier_id, $2, p.quantity, p.cost, b.date_added, b.id, b.location_id, $3
         FROM unnest($4::uuid[], $5::uuid[], $6::numeric[], $7::numeric[]) WITH ORDINALITY AS p(id, source, quantity, cost, ord)
         JOIN batches b ON b.id = p.source AND b.business_id = $1
        ORDER BY p.ord RETURNING id`,
      [
        arrival.businessId,
        arrival.destinationLocationId,
        arrival.transferId,
        ids,
        arrival.parts.map((part) => part.sourceBatchId),
        arrival.parts.map((part) => part.quantity),
        arrival.parts.map((part) => part.cost),
      ],
    )) as unknown[];
    if (inserted.length !== ids.length) throw new AppError('INTERNAL', `Transfer arrival wrote ${inserted.length} of ${ids.length} batches.`);
    return ids;
  }
}
