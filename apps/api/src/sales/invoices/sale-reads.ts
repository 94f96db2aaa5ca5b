import type { EntityManager } from 'typeorm';
import type { KnownTaxRate } from '@stockbook/domain';
import { LOCATION_RECORD, STOCK_SETTINGS, type LocationRecord, type StockSettings } from '../../business/business-records';
import { preparedQuery } from '../../common/database/prepared-query';
import { AppError } from '../../common/errors/app-error';
import { batchesByItem, LOCK_FOR_SALE, SELLABLE_ITEMS, sellableById, type BatchRow, type LockedBatch, type SellableItem, type SellableRow } from '../../inventory/stock.service';

/** What a sale reads before the domain plans it (see readForSale). */
export interface SaleReads {
  readonly location: LocationRecord;
  readonly settings: StockSettings;
  /** The named items that can be sold (live simple items and variants), by id. */
  readonly items: Map<string, SellableItem>;
  /** Their live batches at the location, locked, by item id in lock order. */
  readonly batches: Record<string, LockedBatch[]>;
  /** The business's tax rates the location and those items name, by id. */
  readonly rates: Map<string, KnownTaxRate>;
}

/**
 * Everything a sale reads, in one statement (issue 25, rule 2): the business's settings, the
 * location (another business's is a 404 on `locationID`), the items sold, their batches there
 * locked in lock order, and the tax rates they name. The batches are locked before the caller's
 * permission and price checks; a refused sale rolls back at once, so that costs a round trip of
 * lock time and writes nothing.
 */
export async function readForSale(manager: EntityManager, businessId: string, locationId: string, itemIds: readonly string[]): Promise<SaleReads> {
  const [row] = await preparedQuery<StockSettings & { location: LocationRecord | null; items: SellableRow[]; batches: BatchRow[]; rates: KnownTaxRate[] }>(
    manager,
    'sale-reads',
    `WITH sellable AS (${SELLABLE_ITEMS('$1', '$3::uuid[]')}),
          locked AS (${LOCK_FOR_SALE('$1', '$2', 'ARRAY(SELECT id FROM sellable)')}),
          place AS (SELECT ${LOCATION_RECORD} FROM locations WHERE id = $2 AND business_id = $1)
     SELECT ${STOCK_SETTINGS},
            (SELECT row_to_json(place) FROM place) AS location,
            (SELECT coalesce(json_agg(sellable), '[]') FROM sellable) AS items,
            (SELECT coalesce(json_agg(locked ORDER BY locked.id), '[]') FROM locked) AS batches,
            (SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'rate', r.rate::text)), '[]') FROM tax_rates r
              WHERE r.business_id = $1 AND r.id IN (SELECT "taxRateId" FROM place UNION ALL SELECT tax_rate_id FROM sellable UNION ALL SELECT parent_tax_rate_id FROM sellable)) AS rates
       FROM businesses WHERE id = $1`,
    [businessId, locationId, [...new Set(itemIds)]],
  );
  if (!row?.location) throw new AppError('NOT_FOUND', 'No such location in your business.', { locationID: ['No such location in your business.'] });
  return {
    location: row.location,
    settings: { currency: row.currency, method: row.method, pricesIncludeTax: row.pricesIncludeTax },
    items: sellableById(row.items),
    batches: batchesByItem(row.batches),
    rates: new Map(row.rates.map((rate) => [rate.id, rate])),
  };
}
