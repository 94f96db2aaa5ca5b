import type { EntityManager } from 'typeorm';
import type { LocationScope } from '@stockbook/domain';

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
/** Up to this many items in a category, the filter fetches them by id instead of walking the names. */
const FEW_ITEMS = 5_000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * One page of top-level item ids (simple items and variant parents) in name order, and how many
 * match, in one query. Search looks at the name, category names and attribute values (of the
 * item or any of its variants); a category filter includes its subcategories; location and
 * supplier filters keep items with a live batch there (within the caller's locations); low stock
 * keeps items with the item or a variant at or under its reorder level.
 *
 * Built for 100k items: the few categories and attribute values a search or category names are
 * found first (small tables), so only the clauses that can match are asked; value and batch
 * filters probe `item_attribute_values.top_item_id` and `batches.top_item_id` once per item; a
 * small category's items are fetched by id; low stock reads the index of items at or under
 * their reorder level.
 */
export async function listItemIds(
  manager: EntityManager,
  businessId: string,
  scope: LocationScope,
  query: ItemSearch,
): Promise<{ ids: string[]; total: number; totalExact: boolean }> {
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
    const [{ categories, values }] = (await manager.query(
      `SELECT coalesce((SELECT array_agg(id)::text[] FROM categories WHERE business_id = $1 AND name ILIKE $2), '{}') AS categories,
              coalesce((SELECT array_agg(v.id)::text[] FROM attribute_values v JOIN attributes a ON a.id = v.attribute_id
                         WHERE a.business_id = $1 AND v.value ILIKE $2), '{}') AS values`,
      [businessId, text],
    )) as { categories: string[]; values: string[] }[];
    // Only the clauses that can match: a name (the planner walks the name index for common words
    // and takes the trigram index for rare ones), a matching category, a matching value of the item
    // or of one of its variants.
    const found = [`i.item_name ILIKE ${pattern}`];
    if (categories.length) found.push(`EXISTS (SELECT 1 FROM item_categories ic WHERE ic.item_id = i.id AND ic.category_id = ANY(${add(categories)}::uuid[]))`);
    if (values.length) {
      found.push(`EXISTS (SELECT 1 FROM item_attribute_values iav WHERE iav.top_item_id = i.id AND iav.attribute_value_id = ANY(${add(values)}::uuid[]))`);
    }
    conditions.push(`(${found.join(' OR ')})`);
  }
  if (query.category) {
    // A category with few items: fetch exactly those (one index scan, then each item by id); one
    // with many: walk the names and keep the items in it, which finds a page within a few hundred.
    const [tree] = (await manager.query(
      `WITH RECURSIVE tree AS (SELECT id FROM categories WHERE id = $2 AND business_id = $1
                               UNION ALL SELECT c.id FROM categories c JOIN tree ON c.parent_category_id = tree.id)
       SELECT array_agg(id)::text[] AS ids,
              (SELECT count(*)::int FROM (SELECT 1 FROM item_categories WHERE category_id IN (SELECT id FROM tree) LIMIT ${FEW_ITEMS + 1}) few) AS items
         FROM tree`,
      [businessId, query.category],
    )) as { ids: string[] | null; items: number }[];
    const categories = add(tree?.ids ?? []);
    conditions.push(
      (tree?.items ?? 0) <= FEW_ITEMS
        ? `i.id = ANY(ARRAY(SELECT ic.item_id FROM item_categories ic WHERE ic.category_id = ANY(${categories}::uuid[])))`
        : `EXISTS (SELECT 1 FROM item_categories ic WHERE ic.item_id = i.id AND ic.category_id = ANY(${categories}::uuid[]))`,
    );
  }
  // A live batch of the item or one of its variants matching every batch filter at once.
  const batch: string[] = [];
  if (query.location) batch.push(`b.location_id = ${add(query.location)}`);
  if (query.supplier) batch.push(`b.supplier_id = ${add(query.supplier)}`);
  if (batch.length) {
    conditions.push(`EXISTS (SELECT 1 FROM batches b WHERE b.top_item_id = i.id AND b.deleted_at IS NULL AND ${batch.join(' AND ')} ${inScope('b')})`);
  }
  if (query.lowStock === 'true') {
    // Only items with a reorder level can be low. Across every location the items at or under it
    // are indexed (`items.on_hand`, kept by triggers from the live batches); within some
    // locations, each candidate's live batches there are summed.
    const candidates = `FROM items v WHERE v.business_id = $1 AND v.reorder_level IS NOT NULL AND v.deleted_at IS NULL
                          AND (v.simple_item OR v.parent_id IS NOT NULL)`;
    const low = scope.all
      ? `SELECT coalesce(v.parent_id, v.id) ${candidates} AND v.on_hand <= v.reorder_level`
      : `SELECT coalesce(v.parent_id, v.id) ${candidates}
           AND coalesce((SELECT sum(b.quantity - b.quantity_sold) FROM batches b WHERE b.item_id = v.id AND b.deleted_at IS NULL ${inScope('b')}), 0)
               <= v.reorder_level`;
    conditions.push(`i.id = ANY(ARRAY(${low}))`);
  }

  // Counting every match of a filter over 100k items costs more than the page itself: count up to
  // COUNT_AHEAD past this page, and say whether the total is exact.
  const offset = (query.page - 1) * query.limit;
  const cap = offset + query.limit + COUNT_AHEAD;
  withs.push(`hits AS (SELECT i.id, i.item_name FROM items i WHERE ${conditions.join(' AND ')} ORDER BY i.item_name, i.id LIMIT ${add(cap)})`);
  const rows = (await manager.query(
    `WITH ${withs.join(',\n')}
     SELECT page.id, counted.total FROM (SELECT count(*)::int AS total FROM hits) counted
       LEFT JOIN LATERAL (SELECT id, item_name FROM hits ORDER BY item_name, id OFFSET ${add(offset)} LIMIT ${add(query.limit)}) page ON true
      ORDER BY page.item_name, page.id`,
    parameters,
  )) as { id: string | null; total: number }[];
  const total = rows[0]?.total ?? 0;
  return { ids: rows.flatMap((row) => (row.id ? [row.id] : [])), total: Math.min(total, cap - 1), totalExact: total < cap };
}
