import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Big from 'big.js';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { transferLinesOf, type CreateTransferRequestSchema, type DatedTransfersQuery, type PermissionAction, type Transfer } from '@stockbook/contracts';
import {
  can,
  changeTransfer,
  checkTransferRequest,
  giveBack,
  lineValuationMethod,
  locationsFor,
  listWords,
  planTransferLines,
  QUANTITY_SCALE,
  restrictToScope,
  sumDecimals,
  splitTransferCost,
  transferCostMovements,
  type TransferAction,
  type TransferChange,
  type TransferProblem,
} from '@stockbook/domain';
import { assertCan } from '../auth/assert-can';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import { costsAsSeen } from '../inventory/cost-visibility';
import { StockService } from '../inventory/stock.service';
import { LedgerService } from '../ledger/ledger.service';
import { WritePath } from '../writes/write-path.service';
import { buildTransfers, readParts, TRANSFER_COLUMNS, type TransferRow } from './transfer-reader';
import { currencyOf, datedRange, locationOf, stockSettings } from '../business/business-records';

type Out<T extends z.ZodType> = z.output<T>;
interface Place {
  id: string;
  name: string;
}

/** What every transfer write reloads. */
const TRANSFER_CHANGES = ['transfers', 'items', 'transactions', 'reports'] as const;

/** A refusal of the transfer rules as the API's error, on its field. */
function refused(problem: TransferProblem, message = problem.message): AppError {
  const field = 'field' in problem ? problem.field : undefined;
  return new AppError(problem.code, message, field ? { [field]: [message] } : undefined);
}

/**
 * Transfers between locations (issue 15, rules 1 and 2). Each write is one transaction through
 * WritePath; the rules are the domain's (planTransfer, changeTransfer, splitTransferCost). Stock
 * moves only through StockService (the source batches' `quantity` lowered to reserve, raised to
 * give back; arrived batches inserted at the destination), money only through LedgerService (the
 * source's share of the cost, on completion). Locks, always in this order: the transfer row, the
 * source batches (lock order, like every sale), the source location's balances.
 */
@Injectable()
export class TransfersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: WritePath,
    private readonly stock: StockService,
    private readonly ledger: LedgerService,
  ) {}

  // ---- Reads -------------------------------------------------------------------------------------

  async get(auth: AuthContext, id: string): Promise<Transfer> {
    const manager = this.dataSource.manager;
    const row = await this.row(manager, auth, id, false);
    await this.assertAtEither(manager, auth, 'view:transfer', row);
    return this.asSeen(manager, auth, row);
  }

  /** Live transfers from or to the caller's view:transfer locations (and `locations` among them), newest first. */
  async dated(auth: AuthContext, query: DatedTransfersQuery): Promise<Transfer[]> {
    const [start, end] = await datedRange(this.dataSource.manager, auth.businessId, query);
    const scope = restrictToScope(locationsFor(auth.user, 'view:transfer'), query.locations);
    const ids = scope.all ? null : [...scope.ids];
    const manager = this.dataSource.manager;
    const rows = (await manager.query(
      `SELECT ${TRANSFER_COLUMNS} FROM transfers
        WHERE business_id = $1 AND deleted_at IS NULL AND created_at >= $3::timestamptz AND created_at <= $4::timestamptz
          AND ($2::uuid[] IS NULL OR source_location_id = ANY($2::uuid[]) OR destination_location_id = ANY($2::uuid[]))
        ORDER BY created_at DESC, id DESC`,
      [auth.businessId, ids, start, end],
    )) as TransferRow[];
    return costsAsSeen(auth, await buildTransfers(manager, rows));
  }

  // ---- Writes ------------------------------------------------------------------------------------

  async create(auth: AuthContext, input: Out<typeof CreateTransferRequestSchema>, idempotencyKey?: string): Promise<Transfer> {
    const checked = checkTransferRequest(input);
    if (!checked.ok) throw refused(checked.problem);
    // One item and its quantity, or lines of several (issue 24, rule 5): the same transfer either way.
    const lines = transferLinesOf(input);
    const idempotent = idempotencyKey ? { key: idempotencyKey, request: input } : undefined;
    return this.writes.write(auth, { entity: 'Transfer', changes: [...TRANSFER_CHANGES], idempotent, readBack: (manager, id: string) => this.readBack(manager, auth, id) }, async (manager) => {
      const source = await locationOf(manager, auth.businessId, input.sourceLocationID, 'sourceLocationID');
      const destination = await locationOf(manager, auth.businessId, input.destinationLocationID, 'destinationLocationID');
      assertCan(auth.user, 'create:transfer', source);
      const items = await this.stock.sellableItems(manager, auth.businessId, lines.map((line) => line.itemID));
      const fieldOf = (index: number, field: 'itemID' | 'transferQuantity') => (input.lines ? `lines.${index}.${field}` : field);
      lines.forEach((line, index) => {
        if (!items.has(line.itemID)) throw new AppError('NOT_FOUND', 'No such simple item or variant in your business.', { [fieldOf(index, 'itemID')]: ['No such simple item or variant in your business.'] });
      });
      const business = await stockSettings(manager, auth.businessId);
      const method = lineValuationMethod(business.method, input.stockValuationMethod, 'stockValuationMethod');
      if (!method.ok) throw refused(method.problem as TransferProblem);

      const batches = await this.stock.lockForSale(manager, auth.businessId, source.id, lines.map((line) => line.itemID));
      const plan = planTransferLines({
        lines: lines.map((line) => ({ itemID: line.itemID, quantity: line.transferQuantity, batches: batches[line.itemID] ?? [] })),
        method: method.method,
        transferCost: input.transferCost,
        costIncursion: input.costIncursion,
        currency: business.currency,
      });
      const nameOf = (id: string) => {
        const item = items.get(id)!;
        return item.variantName ? `${item.itemName} (${item.variantName})` : item.itemName;
      };
      if (!plan.ok) {
        const problem = plan.problem;
        if (problem.code !== 'INSUFFICIENT_STOCK') throw refused(problem);
        const index = Math.max(0, lines.findIndex((line) => line.itemID === problem.itemID));
        const message = `Not enough ${nameOf(lines[index]!.itemID)} at ${source.name}: ${problem.asked} asked, ${problem.onHand} on hand.`;
        throw new AppError(problem.code, message, { [fieldOf(index, 'transferQuantity')]: [message] });
      }
      const total = sumDecimals(lines.map((line) => line.transferQuantity)).toFixed(QUANTITY_SCALE);
      const [{ id }] = (await manager.query(
        `INSERT INTO transfers (business_id, item_id, source_location_id, destination_location_id, transfer_quantity, transfer_cost, cost_incursion, stock_valuation_method, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [auth.businessId, lines[0]!.itemID, source.id, destination.id, total, input.transferCost, input.costIncursion, method.method, auth.user.id],
      )) as { id: string }[];
      const parts = plan.parts;
      await manager.query(
        `INSERT INTO transfer_parts (business_id, transfer_id, ord, source_batch_id, source_location_id, quantity, cost, previous_quantity, split, arrived_cost)
         SELECT $1, $2, p.ord, p.batch, $3, p.quantity, p.cost, p.previous, p.split, p.arrived
           FROM unnest($4::uuid[], $5::numeric[], $6::numeric[], $7::numeric[], $8::boolean[], $9::numeric[]) WITH ORDINALITY AS p(batch, quantity, cost, previous, split, arrived, ord)`,
        [
          auth.businessId,
          id,
          source.id,
          parts.map((part) => part.batchId),
          parts.map((part) => part.quantity),
          parts.map((part) => part.unitCost),
          parts.map((part) => part.previousQuantity),
          parts.map((part) => part.split),
          parts.map((part) => part.arrivedCost),
        ],
      );
      await this.stock.changeQuantities(manager, auth.businessId, plan.reserve);
      return {
        value: id,
        action: 'Created',
        description: `Started a transfer of ${listWords(lines.map((line) => `${new Big(line.transferQuantity).toString()} ${nameOf(line.itemID)}`))} from ${source.name} to ${destination.name}`,
        locationIds: [source.id, destination.id],
      };
    });
  }

  /** Completed at the destination: the parts arrive as batches there; the source pays its share of the cost. */
  complete(auth: AuthContext, id: string): Promise<Transfer> {
    return this.change(auth, id, 'complete', async (manager, row, places) => {
      assertCan(auth.user, 'complete:transfer', places.destination);
      this.allowed(row, 'complete');
      const parts = await readParts(manager, [row.id]);
      // Lock order as for every stock movement: the source batches, then the location's balances.
      await this.stock.lockBatches(manager, auth.businessId, parts.map((part) => part.source_batch_id));
      const arrived = await this.stock.addArrivals(manager, {
        businessId: auth.businessId,
        transferId: row.id,
        destinationLocationId: row.destination_location_id,
        parts: parts.map((part) => ({ sourceBatchId: part.source_batch_id, quantity: part.quantity, cost: part.arrived_cost })),
      });
      await manager.query(`UPDATE transfer_parts p SET arrived_batch_id = a.batch FROM unnest($1::uuid[], $2::uuid[]) AS a(part, batch) WHERE p.id = a.part`, [
        parts.map((part) => part.id),
        arrived,
      ]);
      await manager.query(`UPDATE transfers SET status = 'Completed', approved_by = $2, completed_at = now(), updated_at = now() WHERE id = $1`, [row.id, auth.user.id]);
      // Whoever bears a share pays it out of its balance; the two locations' rows locked in id order, so
      // two transfers completing at once between the same places never wait on each other in a circle.
      const payments = transferCostMovements(splitTransferCost(row.transfer_cost, row.cost_incursion, await currencyOf(manager, auth.businessId)));
      const what = await this.described(manager, row, places);
      const paying = [
        { locationId: row.source_location_id, movements: payments.source },
        { locationId: row.destination_location_id, movements: payments.destination },
      ].filter((payment) => payment.movements.length > 0);
      for (const payment of paying.sort((a, b) => a.locationId.localeCompare(b.locationId))) {
        await this.ledger.post(manager, { businessId: auth.businessId, userId: auth.user.id, locationId: payment.locationId, transferId: row.id, description: `Cost of the ${what}` }, payment.movements);
      }
      return `Completed the ${what}`;
    });
  }

  /** Cancelled at the source or the destination: the reserved stock goes back to its batches. */
  cancel(auth: AuthContext, id: string): Promise<Transfer> {
    return this.change(auth, id, 'cancel', async (manager, row, places) => {
      this.assertEither(auth, 'cancel:transfer', places);
      this.allowed(row, 'cancel');
      await this.restock(manager, auth, row);
      await manager.query(`UPDATE transfers SET status = 'Cancelled', denied_by = $2, cancelled_at = now(), updated_at = now() WHERE id = $1`, [row.id, auth.user.id]);
      return `Cancelled the ${await this.described(manager, row, places)}`;
    });
  }

  /** Deleted at the source (Pending or Cancelled): off the lists; a Pending one's stock goes back. */
  delete(auth: AuthContext, id: string): Promise<Transfer> {
    return this.change(auth, id, 'delete', async (manager, row, places) => {
      assertCan(auth.user, 'delete:transfer', places.source);
      if (this.allowed(row, 'delete').restock) await this.restock(manager, auth, row);
      await manager.query(`UPDATE transfers SET deleted_at = now(), deleted_by = $2, updated_at = now() WHERE id = $1`, [row.id, auth.user.id]);
      return `Deleted the ${await this.described(manager, row, places)}`;
    });
  }

  /**
   * A change of one transfer: locked first, then `work` checks the permission and asks `allowed`
   * (so a 403 comes before a 409), and writes.
   */
  private change(
    auth: AuthContext,
    id: string,
    action: TransferAction,
    work: (manager: EntityManager, row: TransferRow, places: { source: Place; destination: Place }) => Promise<string>,
  ): Promise<Transfer> {
    return this.writes.write(auth, { entity: 'Transfer', changes: [...TRANSFER_CHANGES], readBack: (manager, transferId: string) => this.readBack(manager, auth, transferId) }, async (manager) => {
      const row = await this.row(manager, auth, id, true);
      const description = await work(manager, row, await this.places(manager, auth, row));
      return { value: row.id, action: action === 'delete' ? 'Deleted' : 'Updated', description, locationIds: [row.source_location_id, row.destination_location_id] };
    });
  }

  /** What the status rule says `action` does to `row`; TRANSFER_STATUS (409) with the reason when it is not allowed. */
  private allowed(row: TransferRow, action: TransferAction): TransferChange {
    const change = changeTransfer({ status: row.status, deletedAt: row.deleted_at }, action);
    if (!change.ok) throw refused(change.problem);
    return change;
  }

  private async restock(manager: EntityManager, auth: AuthContext, row: TransferRow): Promise<void> {
    const parts = await readParts(manager, [row.id]);
    await this.stock.lockBatches(manager, auth.businessId, parts.map((part) => part.source_batch_id));
    await this.stock.changeQuantities(manager, auth.businessId, giveBack(parts.map((part) => ({ batchId: part.source_batch_id, quantity: part.quantity }))));
  }

  // ---- Helpers -----------------------------------------------------------------------------------

  /** "transfer of 5 Tea (Large) and 2 Jam from Market Hall to Harbour": each line's quantity without trailing zeros, the item named. */
  private async described(manager: EntityManager, row: TransferRow, places: { source: Place; destination: Place }): Promise<string> {
    const lines = (await manager.query(
      `SELECT i.item_name, i.variant_name, sum(p.quantity)::text AS quantity
         FROM transfer_parts p JOIN batches b ON b.id = p.source_batch_id JOIN items i ON i.id = b.item_id
        WHERE p.transfer_id = $1 GROUP BY i.id, i.item_name, i.variant_name ORDER BY min(p.ord)`,
      [row.id],
    )) as { item_name: string; variant_name: string | null; quantity: string }[];
    const words = lines.map((line) => `${new Big(line.quantity).toString()} ${line.variant_name ? `${line.item_name} (${line.variant_name})` : line.item_name}`);
    return `transfer of ${listWords(words.length ? words : ['an item'])} from ${places.source.name} to ${places.destination.name}`;
  }

  private async row(manager: EntityManager, auth: AuthContext, id: string, lock: boolean): Promise<TransferRow> {
    const [row] = (await manager.query(`SELECT ${TRANSFER_COLUMNS} FROM transfers WHERE id = $1 AND business_id = $2 ${lock ? 'FOR UPDATE' : ''}`, [id, auth.businessId])) as TransferRow[];
    if (!row) throw new AppError('NOT_FOUND', 'No such transfer in your business.', { transferID: ['No such transfer in your business.'] });
    return row;
  }

  private async readBack(manager: EntityManager, auth: AuthContext, id: string): Promise<Transfer> {
    return this.asSeen(manager, auth, await this.row(manager, auth, id, false));
  }

  private async asSeen(manager: EntityManager, auth: AuthContext, row: TransferRow): Promise<Transfer> {
    const [transfer] = await buildTransfers(manager, [row]);
    return costsAsSeen(auth, transfer!);
  }

  private async places(manager: EntityManager, auth: AuthContext, row: TransferRow): Promise<{ source: Place; destination: Place }> {
    return {
      source: await locationOf(manager, auth.businessId, row.source_location_id, 'sourceLocationID'),
      destination: await locationOf(manager, auth.businessId, row.destination_location_id, 'destinationLocationID'),
    };
  }

  /** Allowed at the source or the destination; the refusal names the source. */
  private assertEither(auth: AuthContext, action: PermissionAction, places: { source: Place; destination: Place }): void {
    if (can(auth.user, action, places.destination.id)) return;
    assertCan(auth.user, action, places.source);
  }

  private async assertAtEither(manager: EntityManager, auth: AuthContext, action: PermissionAction, row: TransferRow): Promise<void> {
    this.assertEither(auth, action, await this.places(manager, auth, row));
  }

}
