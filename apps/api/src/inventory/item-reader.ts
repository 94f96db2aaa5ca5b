import type { EntityManager } from 'typeorm';
import type { Batch, Item } from '@stockbook/contracts';
import type { LocationScope } from '@stockbook/domain';
import { preparedQuery } from '../common/database/prepared-query';

interface BatchRow {
  id: string;
  item_id: string;
  supplier_id: string | null;
  location_id: string;
  quantity: string;
  quantity_sold: string;
  cost: string;
  date_added: Date;
  deleted_at: Date | null;
  deleted_by: string | null;
}

/** A timestamp as JavaScript's toISOString() writes it (UTC, milliseconds, `Z`). */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The stock figures of the domain's `stockFigures` (libs/domain/src/stock.ts), in SQL over
 * `remaining` (quantity − sold) and `worth` (remaining × cost) sums: the quantity to 3 places,
 * the average cost weighted by what remains, rounded half away from zero to 4 places, "0.0000"
 * with nothing on hand. An API test holds the two to the same answers.
 */
const quantityText = (remaining: string) => `round(coalesce(${remaining}, 0), 3)::text`;
const averageCostText = (remaining: string, worth: string) =>
  `CASE WHEN coalesce(${remaining}, 0) = 0 THEN '0.0000' ELSE round(${worth} / ${remaining}, 4)::text END`;
/** The domain's `stockValue`: what remains at its batches' costs, rounded to 4 places. */
const stockValueText = (worth: string) => `round(coalesce(${worth}, 0), 4)::text`;

/**
 * One item or variant of `shown` as JSON, without its stock: in the place of the figures that
 * follow the batches (`lowStock`, `totalQuantity`, `averageCost`, `stockValue`, `batches`,
 * `locationData`) the mark `"@stock" : "<its id>"`, which `withStock` replaces with them. Items
 * (not variants) also carry `subItems`.
 */
const unitJson = (alias: string, subItems?: string) =>
  `json_build_object(
     '_id', ${alias}.id, 'itemName', ${alias}.item_name, 'variantName', ${alias}.variant_name, 'simpleItem', ${alias}.simple_item,
     'sku', ${alias}.sku, 'barcode', ${alias}.barcode, 'unit', ${alias}.unit,
     'category', ${alias}.category, 'price', ${alias}.price::text,
     'taxRateID', ${alias}.tax_rate_id, 'taxExempt', ${alias}.tax_exempt, 'reorderLevel', ${alias}.reorder_level::text, 'attributes', ${alias}.attributes,
     '@stock', ${alias}.id,
     'deletedAt', ${iso(`${alias}.deleted_at`)}, 'deletedBy', ${alias}.deleted_by${subItems ? `, 'subItems', ${subItems}` : ''})`;

/**
 * The page's top-level items ($2, of the business $1) in `page` (with `ord`, their place in $2)
 * and, in `units`, each of them and its live variants (`top_id`: the item a unit belongs to).
 */
const UNITS = `page AS (
       SELECT i.*, p.ord FROM unnest($2::uuid[]) WITH ORDINALITY AS p(id, ord) JOIN items i ON i.id = p.id AND i.business_id = $1
     ),
     units AS (
       SELECT id, id AS top_id, parent_id, item_name, variant_name, simple_item, sku, barcode, unit, price, tax_rate_id, tax_exempt, reorder_level, deleted_at, deleted_by, stock_version FROM page
       UNION ALL
       SELECT v.id, v.parent_id, v.parent_id, v.item_name, v.variant_name, v.simple_item, v.sku, v.barcode, p.unit, v.price, v.tax_rate_id, v.tax_exempt, v.reorder_level, v.deleted_at, v.deleted_by, v.stock_version
         FROM items v JOIN page p ON p.id = v.parent_id WHERE v.parent_id = ANY($2::uuid[]) AND v.deleted_at IS NULL
     )`;

/** `UNITS` with only what the stock needs: the same units, without the items' names and codes. */
const STOCK_UNITS = `units AS (
       SELECT i.id, i.id AS top_id, i.parent_id, i.simple_item, i.reorder_level, i.stock_version FROM items i WHERE i.id = ANY($2::uuid[]) AND i.business_id = $1
       UNION ALL
       SELECT v.id, v.parent_id, v.parent_id, v.simple_item, v.reorder_level, v.stock_version FROM items v
        WHERE v.parent_id = ANY($2::uuid[]) AND v.business_id = $1 AND v.deleted_at IS NULL
     )`;

/**
 * The cards of the page's items, ending in the CTE `cards` (`ord`, `id`, `card`): each item with
 * its categories and attribute values and its live variants as `subItems` in their values' order
 * (attributes by name, each attribute's values in the order it lists them: S, M, L), a variant
 * showing its item's unit; each unit's stock marked (see `unitJson`). Nothing here follows the
 * batches, so a sale leaves every card as it was.
 */
const CARDS = `categories_of AS (
       SELECT ic.item_id AS id, json_agg(json_build_object('_id', c.id, 'name', c.name, 'level', c.level, 'parentCategory', c.parent_category_id)
                                  ORDER BY c.level, lower(c.name)) AS list
         FROM item_categories ic JOIN categories c ON c.id = ic.category_id WHERE ic.item_id = ANY($2::uuid[]) GROUP BY ic.item_id
     ),
     attributes_of AS (
       SELECT iav.item_id AS id, json_agg(json_build_object('_id', v.id, 'value', v.value, 'attribute', json_build_object('_id', a.id, 'name', a.name))
                                    ORDER BY lower(a.name), v.created_at) AS list,
              -- A variant's place among its siblings: its values' places in their attributes' lists (created_at, as the attribute lists them), attribute by attribute.
              array_agg(v.created_at ORDER BY lower(a.name), a.id) AS value_order
         FROM item_attribute_values iav JOIN attribute_values v ON v.id = iav.attribute_value_id JOIN attributes a ON a.id = v.attribute_id
        WHERE iav.item_id = ANY(ARRAY(SELECT id FROM units)) GROUP BY iav.item_id
     ),
     shown AS (
       SELECT u.*, a.value_order, coalesce(c.list, '[]') AS category, coalesce(a.list, '[]') AS attributes
         FROM units u
         LEFT JOIN categories_of c ON c.id = u.top_id
         LEFT JOIN attributes_of a ON a.id = u.id
     ),
     variants AS (
       SELECT parent_id AS id, json_agg(${unitJson('s')} ORDER BY s.value_order, s.variant_name, s.id) AS list
         FROM shown s WHERE s.parent_id IS NOT NULL GROUP BY s.parent_id
     ),
     cards AS (
       SELECT p.ord, s.id, ${unitJson('s', "coalesce(v.list, '[]')")} AS card
         FROM shown s JOIN page p ON p.id = s.id LEFT JOIN variants v ON v.id = s.id
     )`;

/**
 * The stock of every unit of the page within the caller's locations (all of them, or $3), ending
 * in the CTE `stock` (`id`, `top_id`, `stock`: a JSON object of the fields `unitJson` marks): live
 * batches as stored with them (batches.card_json, oldest first), stock per location (on hand,
 * average cost and value there, in the order locations first appear among the batches, by date
 * added) and in total. A variant item's own `batches` are empty (its stock is in its variants);
 * its figures and `locationData` are over all of them, and it is low on stock when any variant is.
 */
const STOCK = (scoped: boolean) => {
  const inScope = scoped ? 'AND b.location_id = ANY($3::uuid[])' : '';
  return `live AS (
       -- Narrow: the batches' figures, read three times below. Their JSON (wide) is read once, per
       -- item in by_unit: carried here, it made this CTE 4 MB for a page of 50 items of 200
       -- batches, spilled to disk and copied on every read.
       SELECT b.id, b.item_id, b.location_id, b.date_added, u.top_id,
              b.quantity - b.quantity_sold AS remaining, (b.quantity - b.quantity_sold) * b.cost AS worth
         FROM batches b JOIN units u ON u.id = b.item_id
        WHERE b.item_id = ANY(ARRAY(SELECT id FROM units)) AND b.deleted_at IS NULL ${inScope}
     ),
     by_unit AS (
       SELECT item_id AS id, sum(remaining) AS remaining, sum(worth) AS worth,
              -- Each batch's object as stored with it (batches.card_json, migration 1765600000000).
              (SELECT json_agg(b.card_json ORDER BY b.date_added, b.id) FROM batches b
                WHERE b.item_id = live.item_id AND b.deleted_at IS NULL ${inScope}) AS batches
         FROM live GROUP BY item_id
     ),
     by_top AS (SELECT top_id AS id, sum(remaining) AS remaining, sum(worth) AS worth FROM live WHERE top_id <> item_id GROUP BY top_id),
     places AS (
       -- Per item or variant and location, and per variant item (over its variants) and location.
       SELECT coalesce(item_id, top_id) AS id, location_id, sum(remaining) AS remaining, sum(worth) AS worth,
              min(date_added) AS first_added, min(id::text) AS first_id
         FROM live GROUP BY GROUPING SETS ((item_id, location_id), (top_id, location_id))
       HAVING grouping(item_id) = 0 OR bool_and(top_id <> item_id)
     ),
     location_data AS (
       SELECT id, json_agg(json_build_object(
                'locationID', location_id, 'totalQuantity', ${quantityText('remaining')}, 'averageCost', ${averageCostText('remaining', 'worth')},
                'stockValue', ${stockValueText('worth')}
              ) ORDER BY first_added, first_id) AS data
         FROM places GROUP BY id
     ),
     figures AS (
       SELECT u.id, u.top_id, u.parent_id, u.simple_item,
              ${quantityText('coalesce(t.remaining, v.remaining)')} AS total_quantity,
              ${averageCostText('coalesce(t.remaining, v.remaining)', 'coalesce(t.worth, v.worth)')} AS average_cost,
              ${stockValueText('coalesce(t.worth, v.worth)')} AS stock_value,
              CASE WHEN u.parent_id IS NULL AND NOT u.simple_item THEN '[]' ELSE coalesce(v.batches, '[]') END AS batches,
              coalesce(l.data, '[]') AS location_data,
              coalesce(coalesce(v.remaining, 0) <= u.reorder_level, false) AS low
         FROM units u
         LEFT JOIN by_unit v ON v.id = u.id
         LEFT JOIN by_top t ON t.id = u.id
         LEFT JOIN location_data l ON l.id = u.id
     ),
     stock AS (
       SELECT f.id, f.top_id, json_build_object(
                'lowStock', CASE WHEN f.parent_id IS NULL AND NOT f.simple_item THEN coalesce(w.low, false) ELSE f.low END,
                'totalQuantity', f.total_quantity, 'averageCost', f.average_cost, 'stockValue', f.stock_value,
                'batches', f.batches, 'locationData', f.location_data)::text AS stock
         FROM figures f
         LEFT JOIN (SELECT parent_id, bool_or(low) AS low FROM figures WHERE parent_id IS NOT NULL GROUP BY parent_id) w ON w.parent_id = f.id
     )`;
};

/** A row of `STOCK_OF` or `READ_ITEMS`: a unit's stock, or (READ_ITEMS) a top-level item's card. */
interface StockRow {
  id: string;
  top_id: string;
  stock: string | null;
  card: string | null;
  /** STOCK_OF: the stamp of the unit's item's stock (see `stockStamp`). */
  stamp: string | null;
}

/**
 * The stock of the page's units, for cards at hand, each with its item's stamp: its units'
 * `stock_version` summed (migration 1765700000100), as `stockStamp` reckons it.
 */
const stockQuery = (scoped: boolean) => `WITH ${STOCK_UNITS}, ${STOCK(scoped)},
     stamps AS (SELECT top_id, sum(stock_version)::text AS stamp FROM units GROUP BY top_id)
     SELECT s.id, s.top_id, s.stock, NULL AS card, t.stamp FROM stock s JOIN stamps t ON t.top_id = s.top_id`;
const STOCK_OF = { all: stockQuery(false), scoped: stockQuery(true) };

/**
 * An item's stock stamp, for the item row `alias`: its own `stock_version` and its live variants'
 * summed. Each counts its unit's batch changes, so the sum grows with every one of them (the set
 * of live variants is the card's, whose version moves when it changes).
 */
export const stockStamp = (alias: string) =>
  `(${alias}.stock_version + coalesce((SELECT sum(v.stock_version) FROM items v WHERE v.parent_id = ${alias}.id AND v.deleted_at IS NULL), 0))`;

/** Cards and stock in one statement (one snapshot): for one item's read, the answers to writes, and a card older than its stock. */
const readItemsQuery = (scoped: boolean) => `WITH ${UNITS}, ${CARDS}, ${STOCK(scoped)}
     SELECT id, top_id, stock, NULL AS card, NULL AS stamp FROM stock UNION ALL SELECT id, id, NULL, card::text, NULL FROM cards`;
const READ_ITEMS = { all: readItemsQuery(false), scoped: readItemsQuery(true) };

/** Items' cards as stored (see `item-cards.ts`), each with its card's version. */
const BUILT_CARDS = 'SELECT c.id, c.card::text AS card, k.version FROM cards c JOIN item_cards k ON k.item_id = c.id';
export const BUILD_ITEM_CARDS = `WITH ${UNITS}, ${CARDS} ${BUILT_CARDS}`;

/**
 * The same cards built and stored in one statement ($3: the builder's format), for the background
 * builder, which needs none of them back: the JSON stays in PostgreSQL instead of travelling to
 * the API and back. Stored on the terms of `storeItemCards` (version unmoved, held cards skipped).
 * The cards are locked only once built (the lock's subquery reads `built`).
 */
export const REBUILD_ITEM_CARDS = `WITH ${UNITS}, ${CARDS},
     built AS MATERIALIZED (${BUILT_CARDS}),
     stored AS (
       UPDATE item_cards k SET card = b.card, built_version = b.version, format = $3
         FROM built b
        WHERE k.item_id = b.id AND k.version = b.version
          AND k.item_id IN (SELECT item_id FROM item_cards WHERE item_id IN (SELECT id FROM built) ORDER BY item_id FOR UPDATE SKIP LOCKED)
       RETURNING 1)
     SELECT count(*)::int AS stored FROM stored`;

/** Where a unit's stock goes in a card (see `unitJson`). A user's text cannot forge it: quotes inside JSON strings are escaped. */
const STOCK_MARK = /"@stock" : "([0-9a-f-]{36})"/g;

/** Units' stock as read: each unit's stock object, with its item; per item, its units and its stock's stamp. */
export interface StockRead {
  stock: ReadonlyMap<string, { top: string; json: string }>;
  unitsOf: ReadonlyMap<string, number>;
  stamps: ReadonlyMap<string, string>;
}

function stockRead(rows: readonly StockRow[]): StockRead & { cards: Map<string, string> } {
  const stock = new Map<string, { top: string; json: string }>();
  const unitsOf = new Map<string, number>();
  const stamps = new Map<string, string>();
  const cards = new Map<string, string>();
  for (const row of rows) {
    if (row.card !== null) cards.set(row.id, row.card);
    if (row.stamp !== null) stamps.set(row.top_id, row.stamp);
    if (row.stock === null) continue;
    stock.set(row.id, { top: row.top_id, json: row.stock });
    unitsOf.set(row.top_id, (unitsOf.get(row.top_id) ?? 0) + 1);
  }
  return { stock, unitsOf, stamps, cards };
}

const parameters = (scope: LocationScope, businessId: string, ids: readonly string[]) =>
  scope.all ? { key: 'all' as const, values: [businessId, ids] } : { key: 'scoped' as const, values: [businessId, ids, scope.ids] };

/** The stock of some top-level items' units within the caller's locations, now. */
export async function readStock(manager: EntityManager, businessId: string, ids: readonly string[], scope: LocationScope): Promise<StockRead> {
  const { key, values } = parameters(scope, businessId, ids);
  return stockRead(await preparedQuery<StockRow>(manager, 'item-stock', STOCK_OF[key], values));
}

/**
 * The card of the item `id` with each unit's stock in the place of its mark; undefined when the
 * card and the stock do not list the same units (a variant added or deleted between the two reads).
 */
export function withStock(id: string, card: string, read: StockRead): string | undefined {
  let marked = 0;
  let whole = true;
  const text = card.replace(STOCK_MARK, (_mark, unit: string) => {
    const found = read.stock.get(unit);
    if (!found || found.top !== id) whole = false;
    marked += 1;
    // The object's fields without its braces, in the place of the mark.
    return found ? found.json.slice(1, -1) : '';
  });
  return whole && marked === (read.unitsOf.get(id) ?? 0) ? text : undefined;
}

/**
 * Items (ids of top-level items) as their cards and stock, both read now in one statement, within
 * the caller's locations, as a map by id (an id not of the business is left out).
 */
export async function readItemsShown(manager: EntityManager, businessId: string, ids: readonly string[], scope: LocationScope): Promise<Map<string, string>> {
  const shown = new Map<string, string>();
  if (ids.length === 0) return shown;
  const { key, values } = parameters(scope, businessId, ids);
  const read = stockRead(await preparedQuery<StockRow>(manager, 'read-items', READ_ITEMS[key], values));
  for (const [id, card] of read.cards) {
    const text = withStock(id, card, read);
    if (text !== undefined) shown.set(id, text);
  }
  return shown;
}

/** A page of items (ids of top-level items) as one JSON array in the ids' order, within the caller's locations, read now. */
export async function readItemsJson(manager: EntityManager, businessId: string, ids: readonly string[], scope: LocationScope): Promise<string> {
  const shown = await readItemsShown(manager, businessId, ids, scope);
  return `[${ids.flatMap((id) => shown.get(id) ?? []).join(',')}]`;
}

/** The items of `readItemsJson`, as objects: for one item's read and the answers to writes. */
export async function readItems(manager: EntityManager, businessId: string, ids: readonly string[], scope: LocationScope): Promise<Item[]> {
  return JSON.parse(await readItemsJson(manager, businessId, ids, scope)) as Item[];
}

export const toBatch = (row: BatchRow): Batch => ({
  _id: row.id,
  itemID: row.item_id,
  supplierID: row.supplier_id,
  locationID: row.location_id,
  quantity: row.quantity,
  quantitySold: row.quantity_sold,
  cost: row.cost,
  dateAdded: row.date_added.toISOString(),
  deletedAt: row.deleted_at?.toISOString() ?? null,
  deletedBy: row.deleted_by,
});
export type { BatchRow };
