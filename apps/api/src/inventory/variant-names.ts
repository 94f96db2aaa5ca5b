import type { EntityManager } from 'typeorm';
import { ItemErrorCode } from '@stockbook/contracts';
import { AppError } from '../common/errors/app-error';

/**
 * A variant's name and key follow its attribute values: the name is its values in attribute-name
 * order ("Large / Red", as `resolveValues` names a new one), the key its value ids sorted and
 * joined. The unique index `uq_items_live_variant` on (parent, key) keeps two live variants of
 * one item from holding the same values, however many requests race.
 */

/** The variant index's violation, as the error a person reads. */
export const DUPLICATE_VARIANT = new AppError(ItemErrorCode.DuplicateVariant, 'This item already has a variant with these values.', {
  attributes: ['This item already has a variant with these values.'],
});

/** Live variants that hold any of these attribute values. */
export async function variantsHolding(manager: EntityManager, valueIds: readonly string[]): Promise<string[]> {
  if (valueIds.length === 0) return [];
  const rows = (await manager.query(
    `SELECT DISTINCT i.id FROM item_attribute_values iav JOIN items i ON i.id = iav.item_id
      WHERE iav.attribute_value_id = ANY($1::uuid[]) AND i.parent_id IS NOT NULL AND i.deleted_at IS NULL`,
    [valueIds],
  )) as { id: string }[];
  return rows.map((row) => row.id);
}

/** Renames and re-keys these variants from the values they hold now. */
export async function refreshVariantNames(manager: EntityManager, variantIds: readonly string[]): Promise<void> {
  if (variantIds.length === 0) return;
  await manager.query(
    `UPDATE items i SET variant_name = named.name, value_key = named.key, updated_at = now()
       FROM (SELECT i2.id,
                    coalesce(string_agg(v.value, ' / ' ORDER BY lower(a.name), a.id), '') AS name,
                    coalesce(string_agg(v.id::text, ',' ORDER BY v.id::text COLLATE "C"), '') AS key
               FROM items i2
               LEFT JOIN item_attribute_values iav ON iav.item_id = i2.id
               LEFT JOIN attribute_values v ON v.id = iav.attribute_value_id
               LEFT JOIN attributes a ON a.id = v.attribute_id
              WHERE i2.id = ANY($1::uuid[])
              GROUP BY i2.id) named
      WHERE i.id = named.id AND i.parent_id IS NOT NULL
        AND (i.variant_name IS DISTINCT FROM named.name OR i.value_key IS DISTINCT FROM named.key)`,
    [variantIds],
  );
}

/**
 * Refuses (409) taking these values off every item when that would leave two live variants of
 * one item with the same values, naming the item and what the two would share.
 */
export async function assertNoDuplicatesWithout(manager: EntityManager, valueIds: readonly string[], what: string): Promise<void> {
  const [clash] = (await manager.query(
    `WITH remaining AS (
       SELECT i.id, i.parent_id, i.item_name,
              coalesce(string_agg(v.id::text, ',' ORDER BY v.id::text COLLATE "C") FILTER (WHERE v.id IS NOT NULL), '') AS key,
              coalesce(string_agg(v.value, ' / ' ORDER BY lower(a.name), a.id) FILTER (WHERE v.id IS NOT NULL), '') AS name
         FROM items i
         LEFT JOIN item_attribute_values iav ON iav.item_id = i.id AND NOT iav.attribute_value_id = ANY($1::uuid[])
         LEFT JOIN attribute_values v ON v.id = iav.attribute_value_id
         LEFT JOIN attributes a ON a.id = v.attribute_id
        WHERE i.parent_id IN (SELECT i3.parent_id FROM item_attribute_values iav3 JOIN items i3 ON i3.id = iav3.item_id
                               WHERE iav3.attribute_value_id = ANY($1::uuid[]) AND i3.parent_id IS NOT NULL AND i3.deleted_at IS NULL)
          AND i.deleted_at IS NULL
        GROUP BY i.id)
     SELECT item_name, name FROM remaining GROUP BY parent_id, item_name, key, name HAVING count(*) > 1 LIMIT 1`,
    [valueIds],
  )) as { item_name: string; name: string }[];
  if (clash) {
    const values = clash.name ? `the same values (${clash.name})` : 'no values at all';
    throw new AppError(
      ItemErrorCode.DuplicateVariant,
      `Deleting ${what} would leave two variants of ${clash.item_name} with ${values}. Delete one of those variants first, or change its values.`,
    );
  }
}
