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
export const COUNT_AHEAD = 1000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * One page of top-level item ids (simple items and variant parents) in name order, and how many
 * match. Search looks at the name, category names and attribute values (of the item or any of
 * its variants); a category filter includes its subcategories; location and supplier filters
 * keep items with live stock batches there (within the caller's locations).
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
  const conditions = ['i.business_id = $1', 'i.parent_id IS NULL', 'i.deleted_at IS NULL'];
  // Live batches of the item itself or of one of its variants; each side uses an index.
  const stockOf = (extra: string) =>
    `(EXISTS (SELECT 1 FROM batches b WHERE b.item_id = i.id AND b.deleted_at IS NULL AND ${extra})
      OR EXISTS (SELECT 1 FROM items v JOIN batches b ON b.item_id = v.id
                  WHERE v.parent_id = i.id AND v.deleted_at IS NULL AND b.deleted_at IS NULL AND ${extra}))`;

  if (query.search) {
    const pattern = add(`%${escapeLike(query.search)}%`);
    // Category and attribute-value matches are few: found once, then looked up by id.
    conditions.push(`(
      i.item_name ILIKE ${pattern}
      OR i.id IN (SELECT ic.item_id FROM item_categories ic JOIN categories c ON c.id = ic.category_id
                   WHERE c.business_id = $1 AND c.name ILIKE ${pattern})
      OR i.id IN (SELECT coalesce(v.parent_id, v.id) FROM attributes a
                    JOIN attribute_values av ON av.attribute_id = a.id
                    JOIN item_attribute_values iav ON iav.attribute_value_id = av.id
                    JOIN items v ON v.id = iav.item_id
                   WHERE a.business_id = $1 AND av.value ILIKE ${pattern} AND v.deleted_at IS NULL))`);
  }
  if (query.category) {
    const category = add(query.category);
    conditions.push(`EXISTS (
      WITH RECURSIVE tree AS (SELECT id FROM categories WHERE id = ${category} AND business_id = $1
                              UNION ALL SELECT c.id FROM categories c JOIN tree ON c.parent_category_id = tree.id)
      SELECT 1 FROM item_categories ic WHERE ic.item_id = i.id AND ic.category_id IN (SELECT id FROM tree))`);
  }
  if (query.location) conditions.push(stockOf(`b.location_id = ${add(query.location)}`));
  if (!scope.all && (query.location || query.supplier)) conditions.push(stockOf(`b.location_id = ANY(${add(scope.ids)}::uuid[])`));
  if (query.supplier) conditions.push(stockOf(`b.supplier_id = ${add(query.supplier)}`));
  if (query.lowStock === 'true') {
    // At or under the reorder level: the item itself, or any of its variants.
    const visible = scope.all ? '' : `AND b.location_id = ANY(${add(scope.ids)}::uuid[])`;
    const onHand = (alias: string) =>
      `coalesce((SELECT sum(b.quantity - b.quantity_sold) FROM batches b WHERE b.item_id = ${alias}.id AND b.deleted_at IS NULL ${visible}), 0)`;
    conditions.push(`(
      (i.reorder_level IS NOT NULL AND i.simple_item AND ${onHand('i')} <= i.reorder_level)
      OR EXISTS (SELECT 1 FROM items v WHERE v.parent_id = i.id AND v.deleted_at IS NULL AND v.reorder_level IS NOT NULL AND ${onHand('v')} <= v.reorder_level))`);
  }

  const where = conditions.join(' AND ');
  const limit = add(query.limit);
  const offset = add((query.page - 1) * query.limit);
  const rows = (await manager.query(
    `SELECT i.id FROM items i WHERE ${where} ORDER BY i.item_name, i.id LIMIT ${limit} OFFSET ${offset}`,
    parameters,
  )) as { id: string }[];
  // Counting every match of a filter over 100k items costs more than the page itself: count up to
  // COUNT_AHEAD past this page, and say whether the total is exact.
  const counted = parameters.slice(0, -2);
  counted.push((query.page - 1) * query.limit + query.limit + COUNT_AHEAD);
  const [{ total }] = (await manager.query(
    `SELECT count(*)::int AS total FROM (SELECT 1 FROM items i WHERE ${where} LIMIT $${counted.length}) matches`,
    counted,
  )) as { total: number }[];
  const cap = counted.at(-1) as number;
  return { ids: rows.map((row) => row.id), total: Math.min(total, cap - 1), totalExact: total < cap };
}
