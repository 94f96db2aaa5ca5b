import type { EntityManager } from 'typeorm';
import Big from 'big.js';
import type { BatchSnapshot, Transfer, TransferLine } from '@stockbook/contracts';
import { AVERAGE_COST_SCALE, QUANTITY_SCALE, sumDecimals, type CostIncursion, type TransferStatus, type ValuationMethod } from '@stockbook/domain';

/** A transfers row as the service reads it (locked for a change). */
export interface TransferRow {
  id: string;
  item_id: string;
  source_location_id: string;
  destination_location_id: string;
  transfer_quantity: string;
  transfer_cost: string;
  cost_incursion: CostIncursion | null;
  stock_valuation_method: ValuationMethod;
  status: TransferStatus;
  created_by: string;
  approved_by: string | null;
  denied_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  deleted_by: string | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
}

export const TRANSFER_COLUMNS = `id, item_id, source_location_id, destination_location_id, transfer_quantity::text, transfer_cost::text, cost_incursion,
  stock_valuation_method, status, created_by, approved_by, denied_by, created_at, updated_at, deleted_at, deleted_by, completed_at, cancelled_at`;

/** A part of a transfer (transfer_parts) with what the snapshot shows of its batches. */
export interface PartRow {
  id: string;
  transfer_id: string;
  ord: number;
  /** The item or variant of the part's source batch: its line. */
  item_id: string;
  source_batch_id: string;
  source_location_id: string;
  quantity: string;
  cost: string;
  previous_quantity: string;
  split: boolean;
  arrived_batch_id: string | null;
  arrived_cost: string;
  arrived_location_id: string | null;
  date_added: Date;
  deleted_at: Date | null;
  deleted_by: string | null;
}

/** The parts of the transfers named, in their order. */
export async function readParts(manager: EntityManager, transferIds: readonly string[]): Promise<PartRow[]> {
  if (transferIds.length === 0) return [];
  return (await manager.query(
    `SELECT p.id, p.transfer_id, p.ord, sb.item_id, p.source_batch_id, p.source_location_id, p.quantity::text, p.cost::text, p.previous_quantity::text, p.split,
            p.arrived_batch_id, p.arrived_cost::text, ab.location_id AS arrived_location_id, sb.date_added,
            CASE WHEN p.arrived_batch_id IS NULL THEN sb.deleted_at ELSE ab.deleted_at END AS deleted_at,
            CASE WHEN p.arrived_batch_id IS NULL THEN sb.deleted_by ELSE ab.deleted_by END AS deleted_by
       FROM transfer_parts p JOIN batches sb ON sb.id = p.source_batch_id LEFT JOIN batches ab ON ab.id = p.arrived_batch_id
      WHERE p.transfer_id = ANY($1::uuid[]) ORDER BY p.transfer_id, p.ord`,
    [[...transferIds]],
  )) as PartRow[];
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A part as the specification's batch snapshot: the source batch until it arrives, then the arrived batch pointing back. */
function snapshot(part: PartRow): BatchSnapshot {
  const arrived = part.arrived_batch_id !== null;
  return {
    batchID: part.arrived_batch_id ?? part.source_batch_id,
    locationID: arrived ? part.arrived_location_id! : part.source_location_id,
    quantity: part.quantity,
    cost: part.arrived_cost,
    split: part.split,
    transferred: arrived,
    previousBatchID: arrived ? part.source_batch_id : null,
    previousLocationID: arrived ? part.source_location_id : null,
    previousQuantity: part.previous_quantity,
    dateAdded: part.date_added.toISOString(),
    deletedAt: iso(part.deleted_at),
    deletedBy: part.deleted_by,
  };
}

/** Transfers as the contract shows them (costs not yet hidden: costsAsSeen does that). */
export async function buildTransfers(manager: EntityManager, rows: readonly TransferRow[]): Promise<Transfer[]> {
  if (rows.length === 0) return [];
  const parts = await readParts(
    manager,
    rows.map((row) => row.id),
  );
  const itemIds = [...new Set([...rows.map((row) => row.item_id), ...parts.map((part) => part.item_id)])];
  const items = (await manager.query(`SELECT id, parent_id, item_name, variant_name FROM items WHERE id = ANY($1::uuid[])`, [itemIds])) as {
    id: string;
    parent_id: string | null;
    item_name: string;
    variant_name: string | null;
  }[];
  const userIds = [...new Set(rows.flatMap((row) => [row.created_by, row.approved_by, row.denied_by, row.deleted_by]).filter((id): id is string => id !== null))];
  const users = (await manager.query(`SELECT id, first_name, last_name FROM users WHERE id = ANY($1::uuid[])`, [userIds])) as { id: string; first_name: string; last_name: string }[];
  const itemOf = new Map(items.map((item) => [item.id, item]));
  const person = (id: string | null) => {
    const user = id ? users.find((candidate) => candidate.id === id) : undefined;
    return user ? { _id: user.id, firstName: user.first_name, lastName: user.last_name } : null;
  };
  return rows.map((row) => {
    const item = itemOf.get(row.item_id)!;
    const own = parts.filter((part) => part.transfer_id === row.id);
    return {
      _id: row.id,
      itemID: item.parent_id ?? item.id,
      variantID: item.parent_id ? item.id : null,
      itemName: item.item_name,
      variantName: item.variant_name,
      sourceLocationID: row.source_location_id,
      destinationLocationID: row.destination_location_id,
      transferCost: row.transfer_cost,
      transferQuantity: row.transfer_quantity,
      lines: linesOf(own, itemOf),
      batchSnapshot: own.map(snapshot),
      status: row.status,
      createdBy: person(row.created_by),
      approvedBy: person(row.approved_by),
      deniedBy: person(row.denied_by),
      costIncursion: row.cost_incursion,
      stockValuationMethod: row.stock_valuation_method,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      deletedAt: iso(row.deleted_at),
      deletedBy: row.deleted_by,
      history: [
        { event: 'Started' as const, at: row.created_at, by: row.created_by },
        { event: 'Completed' as const, at: row.completed_at, by: row.approved_by },
        { event: 'Cancelled' as const, at: row.cancelled_at, by: row.denied_by },
        { event: 'Deleted' as const, at: row.deleted_at, by: row.deleted_by },
      ].flatMap((step) => (step.at ? [{ event: step.event, at: step.at.toISOString(), by: person(step.by) }] : [])),
    };
  });
}

/**
 * A transfer's lines from its parts (issue 24, rule 5): the parts of one item or variant, in the
 * order they were drawn; each line's quantity, the value it left with, and the share of the
 * destination's cost its stock carries (Σ quantity x (arrived cost - cost), exact).
 */
function linesOf(parts: readonly PartRow[], itemOf: ReadonlyMap<string, { id: string; parent_id: string | null; item_name: string; variant_name: string | null }>): TransferLine[] {
  const byItem = new Map<string, PartRow[]>();
  for (const part of parts) byItem.set(part.item_id, [...(byItem.get(part.item_id) ?? []), part]);
  return [...byItem].map(([id, own]) => {
    const item = itemOf.get(id)!;
    return {
      itemID: item.parent_id ?? item.id,
      variantID: item.parent_id ? item.id : null,
      itemName: item.item_name,
      variantName: item.variant_name,
      transferQuantity: sumDecimals(own.map((part) => part.quantity)).toFixed(QUANTITY_SCALE),
      costShare: sumDecimals(own.map((part) => new Big(part.quantity).times(new Big(part.arrived_cost).minus(part.cost)))).toFixed(AVERAGE_COST_SCALE),
      stockValue: sumDecimals(own.map((part) => new Big(part.quantity).times(part.cost))).toFixed(AVERAGE_COST_SCALE),
    };
  });
}
