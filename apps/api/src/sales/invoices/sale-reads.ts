import type { EntityManager } from 'typeorm';
import type { KnownTaxRate } from '@stockbook/domain';
import { LOCATION_RECORD, STOCK_SETTINGS, type LocationRecord, type StockSettings } from '../../business/business-records';
import { preparedQuery } from '../../common/database/prepared-query';
import { AppError } from '../../common/errors/app-error';
import { BATCH_COLUMNS, batchesByItem, SELLABLE_ITEMS, sellableById, type BatchRow, type LockedBatch, type SellableItem, type SellableRow } from '../../inventory/stock.service';
import { namedColumn, type InvoiceParts } from './invoice-reader';

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
  /** The categories and attribute values the items' lines will name, for the sale's answer. */
  readonly named: InvoiceParts['named'];
  /** The business's name, and whether its customers are sent their invoice's link (notification.customerEmail). */
  readonly business: { readonly name: string; readonly mailsCustomers: boolean };
}

/** A line of the sale as the reads need it: the item, the quantity asked, the method it names (under SELECT). */
export interface SaleReadLine {
  readonly itemID: string;
  readonly quantity: string;
  readonly stockValuationMethod?: string | null;
}

/** readForSale's statement: $1 business, $2 location, $3 item ids, $4 quantities, $5 methods named, $6 lock every batch. */
const SALE_READS = `WITH given AS MATERIALIZED (SELECT $1::uuid AS business, $2::uuid AS location, $3::uuid[] AS items, $4::numeric[] AS quantities, $5::text[] AS methods, $6::boolean AS whole),
          sellable AS (${SELLABLE_ITEMS('(SELECT business FROM given)', '(SELECT items FROM given)::uuid[]')}),
          settings AS (SELECT ${STOCK_SETTINGS}, business_name AS "businessName", coalesce((notification ->> 'customerEmail')::boolean, false) AS "mailsCustomers"
                         FROM businesses WHERE id = (SELECT business FROM given)),
          asked AS (
            SELECT a.item_id, sum(a.quantity) AS quantity,
                   CASE WHEN bool_and(given.whole) THEN 'ALL' WHEN bool_and(m.method = 'FIFO') THEN 'FIFO' WHEN bool_and(m.method = 'LIFO') THEN 'LIFO' ELSE 'ALL' END AS draw
              FROM given CROSS JOIN LATERAL unnest(given.items, given.quantities, given.methods) AS a(item_id, quantity, method)
              CROSS JOIN LATERAL (SELECT CASE WHEN s.method = 'SELECT' THEN a.method ELSE s.method END AS method FROM settings s) m
             GROUP BY a.item_id),
          live AS (
            SELECT b.id, b.quantity - b.quantity_sold AS remaining, asked.quantity AS asked, asked.draw,
                   sum(b.quantity - b.quantity_sold) OVER (PARTITION BY b.item_id
                     ORDER BY date_trunc('milliseconds', b.date_added), date_trunc('milliseconds', b.created_at), b.id ROWS UNBOUNDED PRECEDING) AS oldest_to_here,
                   sum(b.quantity - b.quantity_sold) OVER (PARTITION BY b.item_id
                     ORDER BY date_trunc('milliseconds', b.date_added) DESC, date_trunc('milliseconds', b.created_at) DESC, b.id DESC ROWS UNBOUNDED PRECEDING) AS newest_to_here
              FROM batches b JOIN asked ON asked.item_id = b.item_id
             WHERE b.business_id = (SELECT business FROM given) AND b.location_id = (SELECT location FROM given) AND b.item_id IN (SELECT id FROM sellable) AND b.deleted_at IS NULL AND b.quantity > b.quantity_sold),
          locked AS (
            SELECT ${BATCH_COLUMNS} FROM batches
             WHERE id IN (SELECT id FROM live WHERE draw = 'ALL' OR (draw = 'FIFO' AND oldest_to_here - remaining < asked) OR (draw = 'LIFO' AND newest_to_here - remaining < asked))
               AND business_id = (SELECT business FROM given) AND deleted_at IS NULL AND quantity > quantity_sold
             ORDER BY id FOR UPDATE),
          place AS (SELECT ${LOCATION_RECORD} FROM locations WHERE id = (SELECT location FROM given) AND business_id = (SELECT business FROM given))
     SELECT settings.*,
            (SELECT row_to_json(place) FROM place) AS location,
            (SELECT coalesce(json_agg(sellable), '[]') FROM sellable) AS items,
            (SELECT coalesce(json_agg(locked ORDER BY locked.id), '[]') FROM locked) AS batches,
            (SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'rate', r.rate::text)), '[]') FROM tax_rates r
              WHERE r.business_id = (SELECT business FROM given) AND r.id IN (SELECT "taxRateId" FROM place UNION ALL SELECT tax_rate_id FROM sellable UNION ALL SELECT parent_tax_rate_id FROM sellable)) AS rates,
            ${namedColumn('SELECT top_id FROM sellable', 'SELECT id FROM sellable')} AS named
       FROM settings`;

/**
 * Everything a sale reads, in one statement (issue 25, rule 2): the business's settings, the
 * location (another business's is a 404 on `locationID`), the items sold, their batches there
 * locked in lock order (ascending id), the tax rates they name, and the categories and attribute
 * values the answer shows on their lines (so the sale answers from its own statements).
 *
 * Which batches are locked: only live ones with stock left (no plan draws from another). For an
 * item every line of which draws FIFO (or every one LIFO), only the batches those lines draw from
 * as the statement's snapshot saw them, oldest (newest) first until the quantity asked is covered;
 * for AVCO, whose cost is the average of every batch, or a mix, all of them. A shop's long-selling
 * item can have hundreds of batches at a location; a sale of it now locks two or three.
 * A concurrent sale may take from a locked batch between the snapshot and the lock; the plan then
 * sees the batch as locked (current), and if the batches locked no longer cover the line the
 * caller plans again with `whole`, which locks them all (see InvoicesService.create).
 *
 * The batches are locked before the caller's permission and price checks; a refused sale rolls
 * back at once, so that costs a round trip of lock time and writes nothing.
 *
 * The parameters are read through `given` (a materialised CTE), so the planner sees no value of
 * them, in a custom plan as in the generic one: both cost the same, and after its first five
 * executions PostgreSQL reuses the generic plan. With the values in sight it planned this
 * statement afresh on every sale (about 0.7 ms of its CPU), the array lengths and the big
 * business's statistics making each custom plan look cheaper than the plan it would reuse.
 */
export async function readForSale(manager: EntityManager, businessId: string, locationId: string, lines: readonly SaleReadLine[], whole: boolean): Promise<SaleReads> {
  type Row = StockSettings & { businessName: string; mailsCustomers: boolean; location: LocationRecord | null; items: SellableRow[]; batches: BatchRow[]; rates: KnownTaxRate[]; named: InvoiceParts['named'] };
  const [row] = await preparedQuery<Row>(
    manager,
    'sale-reads',
    SALE_READS,
    [
      businessId,
      locationId,
      lines.map((line) => line.itemID),
      lines.map((line) => line.quantity),
      lines.map((line) => line.stockValuationMethod ?? null),
      whole,
    ],
  );
  if (!row?.location) throw new AppError('NOT_FOUND', 'No such location in your business.', { locationID: ['No such location in your business.'] });
  return {
    location: row.location,
    settings: { currency: row.currency, method: row.method, pricesIncludeTax: row.pricesIncludeTax },
    items: sellableById(row.items),
    batches: batchesByItem(row.batches),
    rates: new Map(row.rates.map((rate) => [rate.id, rate])),
    named: row.named,
    business: { name: row.businessName, mailsCustomers: row.mailsCustomers },
  };
}
