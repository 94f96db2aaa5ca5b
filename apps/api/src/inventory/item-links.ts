import type { EntityManager } from 'typeorm';
import { AppError } from '../common/errors/app-error';

/** Checks categories belong to the business (400 on the field otherwise). */
export async function assertCategories(manager: EntityManager, businessId: string, ids: readonly string[], field = 'categories') {
  if (ids.length === 0) return;
  const rows = (await manager.query(`SELECT id FROM categories WHERE business_id = $1 AND id = ANY($2::uuid[])`, [businessId, ids])) as {
    id: string;
  }[];
  if (rows.length !== new Set(ids).size) throw AppError.validation({ [field]: ['Choose categories of your business.'] });
}

/**
 * Checks attribute values belong to the business, at most one per attribute, and returns them
 * in attribute-name order with the variant name they make ("Large / Red").
 */
export async function resolveValues(
  manager: EntityManager,
  businessId: string,
  ids: readonly string[],
  field = 'attributes',
): Promise<{ ids: string[]; name: string; key: string }> {
  if (ids.length === 0) return { ids: [], name: '', key: '' };
  const rows = (await manager.query(
    `SELECT v.id, v.value, a.id AS attribute_id FROM attribute_values v JOIN attributes a ON a.id = v.attribute_id
      WHERE a.business_id = $1 AND v.id = ANY($2::uuid[]) ORDER BY lower(a.name), a.id`,
    [businessId, ids],
  )) as { id: string; value: string; attribute_id: string }[];
  if (rows.length !== ids.length) throw AppError.validation({ [field]: ['Choose attribute values of your business.'] });
  if (new Set(rows.map((row) => row.attribute_id)).size !== rows.length) {
    throw AppError.validation({ [field]: ['Choose at most one value of each attribute.'] });
  }
  return { ids: rows.map((row) => row.id), name: rows.map((row) => row.value).join(' / '), key: [...rows.map((row) => row.id)].sort().join(',') };
}

export async function linkCategories(manager: EntityManager, itemId: string, ids: readonly string[]) {
  await manager.query(`DELETE FROM item_categories WHERE item_id = $1`, [itemId]);
  if (ids.length) {
    await manager.query(`INSERT INTO item_categories (item_id, category_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`, [itemId, ids]);
  }
}

export async function linkValues(manager: EntityManager, itemId: string, ids: readonly string[]) {
  await manager.query(`DELETE FROM item_attribute_values WHERE item_id = $1`, [itemId]);
  if (ids.length) {
    await manager.query(`INSERT INTO item_attribute_values (item_id, attribute_value_id) SELECT $1, unnest($2::uuid[])`, [itemId, ids]);
  }
}
