import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { ItemErrorCode, type AddBatchRequestSchema, type Item, type UpdateBatchRequestSchema } from '@stockbook/contracts';
import { batchQuantityProblem, canDeleteBatch } from '@stockbook/domain';
import { assertCan } from '../auth/assert-can';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import { WritePath, type Written } from '../writes/write-path.service';
import type { BatchRow } from './item-reader';
import { readItemAsSeen } from './items.service';

interface StockItem {
  id: string;
  parent_id: string | null;
  item_name: string;
  variant_name: string | null;
}

const BATCH_LOCATION_FIXED = "A batch's location cannot change: moving stock to another location is a transfer.";

const describe = (item: StockItem) => (item.variant_name ? `${item.item_name} (${item.variant_name})` : item.item_name);

/**
 * Batches: stock of a simple item or a variant at a location, bought at a cost. Each keeps its
 * own cost; quantities on hand are derived from them, so a batch never goes below what was
 * sold from it, and one that sold cannot be deleted.
 */
@Injectable()
export class BatchesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: WritePath,
  ) {}

  /** Adds a batch; inside `within` (a caller's transaction) as a savepoint of it. */
  async add(auth: AuthContext, input: z.output<typeof AddBatchRequestSchema>, within?: EntityManager): Promise<Item> {
    return this.write(auth, within, async (manager) => {
      const [item] = (await manager.query(
        `SELECT id, parent_id, item_name, variant_name FROM items
          WHERE id = $1 AND business_id = $2 AND deleted_at IS NULL AND (simple_item OR parent_id IS NOT NULL)`,
        [input.itemID, auth.businessId],
      )) as StockItem[];
      if (!item) throw AppError.notFound('No such simple item or variant in your business.');
      const location = await this.location(manager, auth.businessId, input.locationID);
      assertCan(auth.user, 'create:batch', location);
      if (input.supplierID) await this.supplier(manager, auth.businessId, input.supplierID);
      await manager.query(
        `INSERT INTO batches (business_id, item_id, supplier_id, location_id, quantity, cost, date_added)
         VALUES ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now()))`,
        [auth.businessId, item.id, input.supplierID, location.id, input.quantity, input.cost, input.dateAdded ?? null],
      );
      // No cost in the log: staff without view:cost read it.
      return { value: item, locationIds: [location.id], action: 'Added', description: `Added ${input.quantity} of ${describe(item)} at ${location.name}` };
    });
  }

  async update(auth: AuthContext, input: z.output<typeof UpdateBatchRequestSchema>): Promise<Item> {
    return this.write(auth, undefined, async (manager) => {
      const { batch, item, location } = await this.batch(manager, auth, input._id);
      assertCan(auth.user, 'update:batch', location);
      if (input.locationID !== undefined && input.locationID !== batch.location_id) {
        throw AppError.validation({ locationID: [BATCH_LOCATION_FIXED] }, BATCH_LOCATION_FIXED);
      }
      if (input.quantity !== undefined) {
        const problem = batchQuantityProblem(input.quantity, batch.quantity_sold);
        if (problem) throw new AppError(ItemErrorCode.BelowSold, problem, { quantity: [problem] });
      }
      if (input.supplierID) await this.supplier(manager, auth.businessId, input.supplierID);
      await manager.query(
        `UPDATE batches SET quantity = coalesce($2, quantity), cost = coalesce($3, cost), date_added = coalesce($4::timestamptz, date_added),
                supplier_id = CASE WHEN $5 THEN $6::uuid ELSE supplier_id END, updated_at = now()
          WHERE id = $1`,
        [batch.id, input.quantity ?? null, input.cost ?? null, input.dateAdded ?? null, input.supplierID !== undefined, input.supplierID ?? null],
      );
      return { value: item, locationIds: [location.id], action: 'Updated', description: `Updated a batch of ${describe(item)} at ${location.name}` };
    });
  }

  /**
   * The item a live batch belongs to (its parent for a variant), as the caller sees it: where a
   * batch's link (`/x/view-redirect?type=Batch`) opens. 403 unless the caller may view items at
   * the batch's location.
   */
  async itemOf(auth: AuthContext, id: string): Promise<Item> {
    const manager = this.dataSource.manager;
    const [row] = (await manager.query(
      `SELECT coalesce(i.parent_id, i.id) AS item_id, l.id AS location_id, l.name AS location_name
         FROM batches b JOIN items i ON i.id = b.item_id JOIN locations l ON l.id = b.location_id
        WHERE b.id = $1 AND b.business_id = $2 AND b.deleted_at IS NULL AND i.deleted_at IS NULL`,
      [id, auth.businessId],
    )) as { item_id: string; location_id: string; location_name: string }[];
    if (!row) throw AppError.notFound('No such batch in your business.');
    assertCan(auth.user, 'view:item', { id: row.location_id, name: row.location_name });
    return readItemAsSeen(manager, auth, row.item_id);
  }

  /** Soft delete; refused (409) once anything was sold from the batch. */
  async delete(auth: AuthContext, id: string): Promise<Item> {
    return this.write(auth, undefined, async (manager) => {
      const { batch, item, location } = await this.batch(manager, auth, id);
      assertCan(auth.user, 'delete:batch', location);
      if (!canDeleteBatch({ quantitySold: batch.quantity_sold })) {
        throw new AppError(ItemErrorCode.BatchSold, `${batch.quantity_sold} were already sold from this batch, so it stays. Lower its quantity instead.`);
      }
      await manager.query(`UPDATE batches SET deleted_at = now(), deleted_by = $2 WHERE id = $1`, [batch.id, auth.user.id]);
      return { value: item, locationIds: [location.id], action: 'Deleted', description: `Deleted a batch of ${describe(item)} at ${location.name}` };
    });
  }

  /** A change of batches; the answer is their top-level item, read back as the caller sees it. */
  private async write(auth: AuthContext, within: EntityManager | undefined, work: (manager: EntityManager) => Promise<Written<StockItem>>): Promise<Item> {
    return this.writes.write(
      auth,
      { entity: 'Batch', changes: ['items'], within, readBack: (manager, item) => readItemAsSeen(manager, auth, item.parent_id ?? item.id) },
      work,
    );
  }

  /** A live batch of the business, locked for the change, with its item and location. */
  private async batch(manager: EntityManager, auth: AuthContext, id: string) {
    const [batch] = (await manager.query(
      `SELECT * FROM batches WHERE id = $1 AND business_id = $2 AND deleted_at IS NULL FOR UPDATE`,
      [id, auth.businessId],
    )) as BatchRow[];
    if (!batch) throw AppError.notFound('No such batch in your business.');
    const [item] = (await manager.query(`SELECT id, parent_id, item_name, variant_name FROM items WHERE id = $1`, [batch.item_id])) as StockItem[];
    const location = await this.location(manager, auth.businessId, batch.location_id);
    return { batch, item: item!, location };
  }

  private async location(manager: EntityManager, businessId: string, id: string): Promise<{ id: string; name: string }> {
    const [row] = (await manager.query(`SELECT id, name FROM locations WHERE id = $1 AND business_id = $2`, [id, businessId])) as {
      id: string;
      name: string;
    }[];
    if (!row) throw AppError.notFound('No such location in your business.');
    return row;
  }

  private async supplier(manager: EntityManager, businessId: string, id: string): Promise<void> {
    const [row] = (await manager.query(`SELECT id FROM suppliers WHERE id = $1 AND business_id = $2 AND deleted_at IS NULL`, [id, businessId])) as {
      id: string;
    }[];
    if (!row) throw AppError.notFound('No such supplier in your business.');
  }
}
