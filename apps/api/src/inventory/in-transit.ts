import type { EntityManager } from 'typeorm';
import type { InTransitLine, InTransitResponse } from '@stockbook/contracts';
import { AVERAGE_COST_SCALE, QUANTITY_SCALE, restrictToScope, sumDecimals, type LocationScope } from '@stockbook/domain';

interface LineRow {
  item_id: string;
  variant_id: string | null;
  item_name: string;
  variant_name: string | null;
  source_location_id: string;
  destination_location_id: string;
  quantity: string;
  stock_value: string;
  transfers: number;
}

/**
 * What is on its way to `scope`'s locations (issue 24, rule 5): the units of pending transfers,
 * per item or variant and route, at the value they left the source with (Σ part quantity x the
 * part's batch cost), and the value on hand at the same locations, so a screen can say stock value
 * = on hand + in transit. `location` narrows the scope to one of its locations (none when it is
 * not one of them). Costs are the caller's to drop (costsAsSeen).
 */
export async function readInTransit(manager: EntityManager, businessId: string, scope: LocationScope, location?: string): Promise<InTransitResponse> {
  const narrowed = location ? restrictToScope(scope, [location]) : scope;
  const ids = narrowed.all ? null : [...narrowed.ids];
  const lines = (await manager.query(
    `SELECT coalesce(i.parent_id, i.id) AS item_id, CASE WHEN i.parent_id IS NULL THEN NULL ELSE i.id END AS variant_id,
            coalesce(parent.item_name, i.item_name) AS item_name, i.variant_name,
            t.source_location_id, t.destination_location_id,
            sum(p.quantity)::text AS quantity, sum(p.quantity * p.cost)::numeric(20, 4)::text AS stock_value, count(DISTINCT t.id)::int AS transfers
       FROM transfers t
       JOIN transfer_parts p ON p.transfer_id = t.id
       JOIN batches sb ON sb.id = p.source_batch_id
       JOIN items i ON i.id = sb.item_id
       LEFT JOIN items parent ON parent.id = i.parent_id
      WHERE t.business_id = $1 AND t.status = 'Pending' AND t.deleted_at IS NULL
        AND ($2::uuid[] IS NULL OR t.destination_location_id = ANY($2::uuid[]))
      GROUP BY 1, 2, 3, 4, 5, 6
      ORDER BY lower(coalesce(parent.item_name, i.item_name)), i.variant_name NULLS FIRST, 5, 6`,
    [businessId, ids],
  )) as LineRow[];
  const [totals] = (await manager.query(
    `SELECT coalesce(sum((quantity - quantity_sold) * cost), 0)::numeric(20, 4)::text AS value
       FROM batches WHERE business_id = $1 AND deleted_at IS NULL AND ($2::uuid[] IS NULL OR location_id = ANY($2::uuid[]))`,
    [businessId, ids],
  )) as { value: string }[];
  const transfers = (await manager.query(
    `SELECT count(*)::int AS count FROM transfers
      WHERE business_id = $1 AND status = 'Pending' AND deleted_at IS NULL AND ($2::uuid[] IS NULL OR destination_location_id = ANY($2::uuid[]))`,
    [businessId, ids],
  )) as { count: number }[];
  return {
    lines: lines.map(
      (line): InTransitLine => ({
        itemID: line.item_id,
        variantID: line.variant_id,
        itemName: line.item_name,
        variantName: line.variant_name,
        sourceLocationID: line.source_location_id,
        destinationLocationID: line.destination_location_id,
        quantity: line.quantity,
        stockValue: line.stock_value,
        transfers: line.transfers,
      }),
    ),
    quantity: sumDecimals(lines.map((line) => line.quantity)).toFixed(QUANTITY_SCALE),
    stockValue: sumDecimals(lines.map((line) => line.stock_value)).toFixed(AVERAGE_COST_SCALE),
    transfers: transfers[0]!.count,
    onHandValue: totals!.value,
  };
}
