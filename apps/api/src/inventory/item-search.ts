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
export const COUNT_AHEAD = 250;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);
const ids = async (manager: EntityManager, sql: string, parameters: unknown[]) =>
  ((await manager.query(sql, parameters)) as { id: string }[]).map((row) => row.id);

/**
 * One page of top-level item ids (simple items and variant parents) in name order, and how many
 * match, in one query. Search looks at the name, category names and attribute values (of the
 * item or any of its variants); a category filter includes its subcategories; location and
 * supplier filters keep items with a live batch there (within the caller's locations); low stock
 * keeps items with the item or a variant at or under its reorder level.
 *
 * Built for 100k items: the few categories and attribute values a search or category names are
 * found first (small tables), so only the clauses that can match are asked; batch filters probe
 * `batches.top_item_id` once per item; low stock gathers its few candidates once.
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
    const categories = await ids(manager, `SELECT id FROM categories WHERE business_id = $1 AND name ILIKE $2`, [businessId, text]);
    const values = await ids(
      manager,
      `SELECT v.id FROM attribute_values v JOIN attributes a ON a.id = v.attribute_id WHERE a.business_id = $1 AND v.value ILIKE $2`,
      [businessId, text],
    );
    // Only the clauses that can match: a name (the planner walks the name index for common words
    // and takes the trigram index for rare ones), a matching category, a matching value of the item
    // or of one of its variants.
    const found = [`i.item_name ILIKE ${pattern}`];
    if (categories.length) found.push(`EXISTS (SELECT 1 FROM item_categories ic WHERE ic.item_id = i.id AND ic.category_id = ANY(${add(categories)}::uuid[]))`);
    if (values.length) {
      const list = add(values);
      found.push(`EXISTS (SELECT 1 FROM item_attribute_values iav WHERE iav.item_id = i.id AND iav.attribute_value_id = ANY(${list}::uuid[]))`);
      found.push(`EXISTS (SELECT 1 FROM items v JOIN item_attribute_values iav ON iav.item_id = v.id
                           WHERE v.parent_id = i.id AND v.deleted_at IS NULL AND iav.attribute_value_id = ANY(${list}::uuid[]))`);
    }
    conditions.push(`(${found.join(' OR ')})`);
  }
  if (query.category) {
    const tree = await ids(
      manager,
      `WITH RECURSIVE tree AS (SELECT id FROM categories WHERE id = $2 AND business_id = $1
                               UNION ALL SELECT c.id FROM categories c JOIN tree ON c.parent_category_id = tree.id)
       SELECT id FROM tree`,
      [businessId, query.category],
    );
    conditions.push(`EXISTS (SELECT 1 FROM item_categories ic WHERE ic.item_id = i.id AND ic.category_id = ANY(${add(tree)}::uuid[]))`);
  }
  // A live batch of the item or one of its variants matching every batch filter at once.
  const batch: string[] = [];
  if (query.location) batch.push(`b.location_id = ${add(query.location)}`);
  if (query.supplier) batch.push(`b.supplier_id = ${add(query.supplier)}`);
  if (batch.length) {
    conditions.push(`EXISTS (SELECT 1 FROM batches b WHERE b.top_item_id = i.id AND b.deleted_at IS NULL AND ${batch.join(' AND ')} ${inScope('b')})`);
  }
  if (query.lowStock === 'true') {
    // Only items with a reorder level can be low: each one's stock within the caller's locations.
    withs.push(`low AS MATERIALIZED (
      SELECT coalesce(v.parent_id, v.id) AS id FROM items v
       WHERE v.business_id = $1 AND v.reorder_level IS NOT NULL AND v.deleted_at IS NULL AND (v.simple_item OR v.parent_id IS NOT NULL)
         AND coalesce((SELECT sum(b.quantity - b.quantity_sold) FROM batches b WHERE b.item_id = v.id AND b.deleted_at IS NULL ${inScope('b')}), 0)
             <= v.reorder_level)`);
    conditions.push('i.id IN (SELECT id FROM low)');
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
