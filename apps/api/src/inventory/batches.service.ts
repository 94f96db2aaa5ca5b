import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { ItemErrorCode, type AddBatchRequestSchema, type Item, type UpdateBatchRequestSchema } from '@stockbook/contracts';
import { batchQuantityProblem, can, canDeleteBatch, locationsFor, type PermissionHolder } from '@stockbook/domain';
import { ActivityService } from '../activity/activity.service';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import { LiveEventsService } from '../live/live-events.service';
import { readItems, type BatchRow } from './item-reader';

interface StockItem {
  id: string;
  parent_id: string | null;
  item_name: string;
  variant_name: string | null;
}

const describe = (item: StockItem) => (item.variant_name ? `${item.item_name} (${item.variant_name})` : item.item_name);

function assertAllowed(holder: PermissionHolder, action: 'create:batch' | 'update:batch' | 'delete:batch', locationId: string, where: string) {
  if (!can(holder, action, locationId)) throw new AppError('FORBIDDEN', `You do not have the ${action} permission at ${where}.`, 403);
}

/**
 * Batches: stock of a simple item or a variant at a location, bought at a cost. Each keeps its
 * own cost; quantities on hand are derived from them, so a batch never goes below what was
 * sold from it, and one that sold cannot be deleted.
 */
@Injectable()
export class BatchesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly live: LiveEventsService,
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
      assertAllowed(auth.user, 'create:batch', location.id, location.name);
      if (input.supplierID) await this.supplier(manager, auth.businessId, input.supplierID);
      await manager.query(
        `INSERT INTO batches (business_id, item_id, supplier_id, location_id, quantity, cost, date_added)
         VALUES ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now()))`,
        [auth.businessId, item.id, input.supplierID, location.id, input.quantity, input.cost, input.dateAdded ?? null],
      );
      return { item, locationId: location.id, action: 'Added', description: `Added ${input.quantity} of ${describe(item)} at ${location.name}, cost ${input.cost}` };
    });
  }

  async update(auth: AuthContext, input: z.output<typeof UpdateBatchRequestSchema>): Promise<Item> {
    return this.write(auth, undefined, async (manager) => {
      const { batch, item, location } = await this.batch(manager, auth, input._id);
      assertAllowed(auth.user, 'update:batch', location.id, location.name);
      if (input.quantity !== undefined) {
        const problem = batchQuantityProblem(input.quantity, batch.quantity_sold);
        if (problem) throw new AppError(ItemErrorCode.BelowSold, problem, 409, { quantity: [problem] });
      }
      if (input.supplierID) await this.supplier(manager, auth.businessId, input.supplierID);
      await manager.query(
        `UPDATE batches SET quantity = coalesce($2, quantity), cost = coalesce($3, cost), date_added = coalesce($4::timestamptz, date_added),
                supplier_id = CASE WHEN $5 THEN $6::uuid ELSE supplier_id END, updated_at = now()
          WHERE id = $1`,
        [batch.id, input.quantity ?? null, input.cost ?? null, input.dateAdded ?? null, input.supplierID !== undefined, input.supplierID ?? null],
      );
      return { item, locationId: location.id, action: 'Updated', description: `Updated a batch of ${describe(item)} at ${location.name}` };
    });
  }

  /** Soft delete; refused (409) once anything was sold from the batch. */
  async delete(auth: AuthContext, id: string): Promise<Item> {
    return this.write(auth, undefined, async (manager) => {
      const { batch, item, location } = await this.batch(manager, auth, id);
      assertAllowed(auth.user, 'delete:batch', location.id, location.name);
      if (!canDeleteBatch({ quantitySold: batch.quantity_sold })) {
        throw new AppError(ItemErrorCode.BatchSold, `${batch.quantity_sold} were already sold from this batch, so it stays. Lower its quantity instead.`, 409);
      }
      await manager.query(`UPDATE batches SET deleted_at = now(), deleted_by = $2 WHERE id = $1`, [batch.id, auth.user.id]);
      return { item, locationId: location.id, action: 'Deleted', description: `Deleted a batch of ${describe(item)} at ${location.name}` };
    });
  }

  /** One change in a transaction of its own, or a savepoint of `within`, with its activity entry and live event. */
  private async write(
    auth: AuthContext,
    within: EntityManager | undefined,
    work: (manager: EntityManager) => Promise<{ item: StockItem; locationId: string; action: 'Added' | 'Updated' | 'Deleted'; description: string }>,
  ): Promise<Item> {
    return (within ?? this.dataSource.manager).transaction(async (manager) => {
      const { item, locationId, action, description } = await work(manager);
      await this.activity.record(
        { businessId: auth.businessId, userId: auth.user.id, action, entity: 'Batch', description, locationIds: [locationId] },
        manager,
      );
      await this.live.invalidate(auth.businessId, ['items'], manager);
      const [shown] = await readItems(manager, auth.businessId, [item.parent_id ?? item.id], locationsFor(auth.user, 'view:item'));
      return shown!;
    });
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
