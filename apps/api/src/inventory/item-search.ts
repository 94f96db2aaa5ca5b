import type { EntityManager } from 'typeorm';
import type { LocationScope } from '@stockbook/domain';
import { preparedQuery } from '../common/database/prepared-query';
import { stockStamp } from './item-reader';

/**
 * A page item's stored card (current), with its version and, while it still holds, the item as
 * shown (see `item-cards.ts`); with the item as shown, a caller who sees every location is not sent
 * the card (empty).
 */
export interface StoredCard {
  card: string;
  version: string;
  shown: string | null;
}

export interface ItemSearch {
  search?: string;
  category?: string;
  location?: string;
  supplier?: string;
  lowStock?: 'true' | 'false';
  page: number;
  limit: number;
}

/** How many matches past the current page are counted before the total becomes "at least". */
export const COUNT_AHEAD = 100;

/** Up to this many links to a searched category or value, their items are fetched by id. */
const FEW_LINKS = 5_000;

/**
 * Items (`i`) linked through `table` (its top-level item in `itemColumn`) to one of `ids` (in
 * `keyColumn`). `OFFSET 0` keeps the probe per item: without it PostgreSQL hashes every link of
 * a common value (33k rows) before the walk reads its first name.
 */
const linkedTo = (table: string, itemColumn: string, keyColumn: string, ids: string, links: number) =>
  links <= FEW_LINKS
    ? `i.id = ANY(ARRAY(SELECT l.${itemColumn} FROM ${table} l WHERE l.${keyColumn} = ANY(${ids}::uuid[])))`
    : `EXISTS (SELECT 1 FROM ${table} l WHERE l.${itemColumn} = i.id AND l.${keyColumn} = ANY(${ids}::uuid[]) OFFSET 0)`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * One page of top-level item ids (simple items and variant parents) in name order, and how many
 * match, in one query. Search looks at the name, category names (a category's items include its
 * subcategories', as the filter's do), attribute values, SKUs (from their start, ignoring case) and
 * barcodes (exactly), of the item or any of its variants; a category filter includes its subcategories; location and
 * supplier filters keep items with a live batch there (within the caller's locations); low stock
 * keeps items with the item or a variant at or under its reorder level.
 *
 * Built for 100k items: the few categories and attribute values a search or category names are
 * found first (small tables), so only the clauses that can match are asked; value and batch
 * filters probe `item_attribute_values.top_item_id` and `batches.top_item_id` once per item; a
 * category's items come from its links in name order; low stock walks the index of low items.
 */
export async function listItemIds(
  manager: EntityManager,
  businessId: string,
  scope: LocationScope,
  query: ItemSearch,
  cardFormat?: string,
): Promise<{ ids: string[]; cards: Map<string, StoredCard>; total: number; totalExact: boolean }> {
  const parameters: unknown[] = [businessId];
  const add = (value: unknown) => {
    parameters.push(value);
    return `$${parameters.length}`;
  };
  const withs: string[] = [];
  const conditions = ['i.business_id = $1', 'i.parent_id IS NULL', 'i.deleted_at IS NULL'];
  const inScope = (alias: string) => (scope.all ? '' : `AND ${alias}.location_id = ANY(${add(scope.ids)}::uuid[])`);

  if (query.search) {
    const text = `%${escapeLike(query.search)}%`;
    const pattern = add(text);
    const skuStart = `${escapeLike(query.search)}%`;
    // Categories whose name matches, with their subcategories (as the category filter takes them);
    // attribute values that match; items and variants whose SKU starts with the text or whose
    // barcode is exactly it (each through its unique index), as their top-level items.
    const [found] = (await manager.query(
      `WITH RECURSIVE named AS (SELECT id FROM categories WHERE business_id = $1 AND name ILIKE $2
                                UNION SELECT c.id FROM categories c JOIN named n ON c.parent_category_id = n.id),
            c AS (SELECT coalesce(array_agg(id), '{}') AS ids FROM named),
            v AS (SELECT coalesce(array_agg(v.id), '{}') AS ids FROM attribute_values v JOIN attributes a ON a.id = v.attribute_id
                   WHERE a.business_id = $1 AND v.value ILIKE $2),
            coded AS (SELECT coalesce(parent_id, id) AS id FROM items
                       WHERE business_id = $1 AND sku IS NOT NULL AND deleted_at IS NULL AND lower(sku) LIKE lower($3)
                      UNION ALL
                      SELECT coalesce(parent_id, id) FROM items WHERE business_id = $1 AND barcode IS NOT NULL AND deleted_at IS NULL AND barcode = $4
                      LIMIT ${FEW_LINKS + 1})
       SELECT c.ids::text[] AS categories, v.ids::text[] AS values,
              (SELECT CASE WHEN count(*) > ${FEW_LINKS} THEN '{}' ELSE coalesce(array_agg(id), '{}') END::text[] FROM coded) AS coded,
              (SELECT count(*)::int FROM coded) AS "codedCount",
              (SELECT count(*)::int FROM (SELECT 1 FROM item_categories WHERE category_id = ANY(c.ids) LIMIT ${FEW_LINKS + 1}) x) AS "categoryLinks",
              (SELECT count(*)::int FROM (SELECT 1 FROM item_attribute_values WHERE attribute_value_id = ANY(v.ids) LIMIT ${FEW_LINKS + 1}) x) AS "valueLinks"
         FROM c, v`,
      [businessId, text, skuStart, query.search],
    )) as { categories: string[]; values: string[]; coded: string[]; codedCount: number; categoryLinks: number; valueLinks: number }[];
    // Only the clauses that can match: a name (ILIKE's own way: both lower-cased, then LIKE; the
    // planner walks the name index for common words and takes the trigram index for rare ones),
    // a matching category, a matching value of the item or of one of its variants. Few links are
    // fetched by id (the planner can OR them with the trigram matches); many are probed item by
    // item while the names are walked.
    const clauses = [`i.name_folded LIKE lower(${pattern})`];
    if (found!.categories.length) clauses.push(linkedTo('item_categories', 'item_id', 'category_id', add(found!.categories), found!.categoryLinks));
    if (found!.values.length) clauses.push(linkedTo('item_attribute_values', 'top_item_id', 'attribute_value_id', add(found!.values), found!.valueLinks));
    // Few items by a code are fetched by id; a SKU start that many share (a letter) is probed per item.
    if (found!.codedCount > FEW_LINKS) {
      const start = add(skuStart);
      clauses.push(
        `lower(i.sku) LIKE lower(${start})`,
        `EXISTS (SELECT 1 FROM items v WHERE v.parent_id = i.id AND v.deleted_at IS NULL AND lower(v.sku) LIKE lower(${start}))`,
        `i.id = ANY(ARRAY(SELECT coalesce(parent_id, id) FROM items WHERE business_id = $1 AND barcode = ${add(query.search)} AND deleted_at IS NULL))`,
      );
    } else if (found!.coded.length) {
      clauses.push(`i.id = ANY(${add(found!.coded)}::uuid[])`);
    }
    conditions.push(`(${clauses.join(' OR ')})`);
  }
  // A category (with its subcategories) is walked through its links in name order (see
  // `ix_item_categories_listing`), each category as far as the page needs, the rest of the
  // filters checked on the way.
  let inCategories: string | undefined;
  if (query.category) {
    const [tree] = await preparedQuery<{ ids: string[] }>(
      manager,
      'category-tree',
      `WITH RECURSIVE tree AS (SELECT id FROM categories WHERE id = $2 AND business_id = $1
                               UNION ALL SELECT c.id FROM categories c JOIN tree ON c.parent_category_id = tree.id)
       SELECT coalesce(array_agg(id), '{}')::text[] AS ids FROM tree`,
      [businessId, query.category],
    );
    inCategories = add(tree?.ids ?? []);
  }
  // A live batch of the item or one of its variants matching every batch filter at once.
  const batch: string[] = [];
  if (query.location) batch.push(`b.location_id = ${add(query.location)}`);
  if (query.supplier) batch.push(`b.supplier_id = ${add(query.supplier)}`);
  if (batch.length) {
    conditions.push(`EXISTS (SELECT 1 FROM batches b WHERE b.top_item_id = i.id AND b.deleted_at IS NULL AND ${batch.join(' AND ')} ${inScope('b')})`);
  }
  if (query.lowStock === 'true') {
    // Across every location, each top-level item says whether it is low (`items.low_stock`, kept
    // by triggers from `on_hand` and the reorder levels) and an index holds the low ones in name
    // order. Within some locations, each candidate's live batches there are summed.
    conditions.push(
      scope.all
        ? 'i.low_stock'
        : `i.id = ANY(ARRAY(SELECT coalesce(v.parent_id, v.id) FROM items v
             WHERE v.business_id = $1 AND v.reorder_level IS NOT NULL AND v.deleted_at IS NULL AND (v.simple_item OR v.parent_id IS NOT NULL)
               AND coalesce((SELECT sum(b.quantity - b.quantity_sold) FROM batches b WHERE b.item_id = v.id AND b.deleted_at IS NULL ${inScope('b')}), 0)
                   <= v.reorder_level))`,
    );
  }

  // Counting every match of a filter over 100k items costs more than the page itself: count up to
  // COUNT_AHEAD past this page, and say whether the total is exact.
  const offset = (query.page - 1) * query.limit;
  const cap = offset + query.limit + COUNT_AHEAD;
  const limit = add(cap);
  // Of each category, its first `cap` matches are enough: every item of the first `cap` overall
  // is among the first `cap` of each of its categories.
  const source = inCategories
    ? `(SELECT DISTINCT x.id, x.item_name FROM unnest(${inCategories}::uuid[]) AS c(id)
          CROSS JOIN LATERAL (SELECT i.id, i.item_name FROM item_categories ic JOIN items i ON i.id = ic.item_id
                               WHERE ic.category_id = c.id AND ${conditions.join(' AND ')} ORDER BY ic.item_name, ic.item_id LIMIT ${limit}) x) i`
    : `items i WHERE ${conditions.join(' AND ')}`;
  withs.push(`hits AS (SELECT i.id, i.item_name FROM ${source} ORDER BY i.item_name, i.id LIMIT ${limit})`);
  // With a card format, each page item's current card (see `item-cards.ts`) comes along, and the
  // item as shown while its card's version and its stock's stamp still hold (then, for a caller
  // who sees every location, without the card: only the shown item is needed).
  const card = cardFormat
    ? {
        column: `, ${scope.all ? 'CASE WHEN held.shown THEN NULL ELSE k.card END' : 'k.card'} AS card, k.version::text AS version,
                 CASE WHEN held.shown THEN k.shown END AS shown`,
        join: `LEFT JOIN item_cards k ON k.item_id = page.id AND k.built_version = k.version AND k.format = ${add(cardFormat)}
               LEFT JOIN LATERAL (SELECT k.shown_version = k.version AND k.shown_stamp = ${stockStamp('shown_item')} AS shown
                                    FROM items shown_item WHERE shown_item.id = k.item_id) held ON true`,
      }
    : { column: ', NULL::text AS card, NULL AS version, NULL AS shown', join: '' };
  const text = `WITH ${withs.join(',\n')}
     SELECT page.id, counted.total${card.column} FROM (SELECT count(*)::int AS total FROM hits) counted
       LEFT JOIN LATERAL (SELECT id, item_name FROM hits ORDER BY item_name, id OFFSET ${add(offset)} LIMIT ${add(query.limit)}) page ON true
       ${card.join}
      ORDER BY page.item_name, page.id`;
  // A search is planned for its words (a walk for common ones, the trigram index for rare ones);
  // the other shapes plan the same for any value, so they are prepared once per connection.
  type Row = { id: string | null; total: number; card: string | null; version: string | null; shown: string | null };
  const rows = query.search ? ((await manager.query(text, parameters)) as Row[]) : await preparedQuery<Row>(manager, 'list-items', text, parameters);
  const total = rows[0]?.total ?? 0;
  const cards = new Map(
    rows.flatMap((row) => (row.id && (row.card || row.shown) ? [[row.id, { card: row.card ?? '', version: row.version!, shown: row.shown }] as const] : [])),
  );
  return { ids: rows.flatMap((row) => (row.id ? [row.id] : [])), cards, total: Math.min(total, cap - 1), totalExact: total < cap };
}
