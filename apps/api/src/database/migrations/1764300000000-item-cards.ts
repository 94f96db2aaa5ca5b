import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Item cards: each top-level item's JSON as the inventory list shows it to a caller who sees every
 * location, kept so a page of 50 is read, not rebuilt, on every call.
 *
 * - `item_cards` has one row per top-level item (simple item or variant parent). `version` counts
 *   changes to anything the card shows; `card` is the JSON built at `built_version` by the
 *   builder of fingerprint `format`. A card is current only while `built_version = version` and
 *   its format is the API's.
 * - Statement triggers bump `version` in the same transaction as every change the card shows:
 *   the item and its variants, their batches, category links and attribute values, and renames of
 *   categories, attributes and values. A card can be stale, never wrong: the API rebuilds stale
 *   cards when it reads them, and a background builder keeps them current.
 * - Changed rows are found with EXCEPT between the transition tables, never a join: PL/pgSQL plans
 *   a trigger's statements once per session, for the size of the first statement's tables, and a
 *   join planned for one row looped 5400 × 5400 times on a later bulk insert.
 * - A rebuilt card is stored only if `version` is still the one it was built at (see
 *   `item-cards.ts`), so a change committed while it was built is never hidden.
 */
export class ItemCards1764300000000 implements MigrationInterface {
  name = 'ItemCards1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE item_cards (
        item_id uuid PRIMARY KEY REFERENCES items (id) ON DELETE CASCADE,
        version bigint NOT NULL DEFAULT 1,
        built_version bigint NULL,
        format text NULL,
        card text NULL
      )`);
    // Cards of about 2-4 KB are read 50 at a time: keep them in the row, compressed only past the usual threshold.
    await queryRunner.query(`ALTER TABLE item_cards ALTER COLUMN card SET STORAGE MAIN`);
    await queryRunner.query(`CREATE INDEX ix_item_cards_stale ON item_cards (item_id) WHERE built_version IS NULL OR built_version <> version`);
    await queryRunner.query(`INSERT INTO item_cards (item_id) SELECT id FROM items WHERE parent_id IS NULL`);

    // Bumps the cards of the top-level items of some items or variants (in id order, so concurrent
    // writers lock cards in the same order); creates the card row of a new top-level item.
    await queryRunner.query(`
      CREATE FUNCTION item_cards_touch(item_ids uuid[]) RETURNS void LANGUAGE sql AS $$
        INSERT INTO item_cards AS k (item_id)
        SELECT DISTINCT coalesce(i.parent_id, i.id) FROM items i WHERE i.id = ANY(item_ids) ORDER BY 1
        ON CONFLICT (item_id) DO UPDATE SET version = k.version + 1
      $$`);
    const trigger = async (name: string, table: string, event: string, transition: string, body: string) => {
      await queryRunner.query(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body}; RETURN NULL; END $$`);
      await queryRunner.query(`CREATE TRIGGER ${name} AFTER ${event} ON ${table} REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`);
    };
    // Items: a new item or variant, and any change of what the card shows (not `on_hand`, which
    // follows the batches, whose own trigger bumps the card).
    await trigger('item_cards_items_insert', 'items', 'INSERT', 'NEW TABLE AS new_rows',
      `PERFORM item_cards_touch(ARRAY(SELECT id FROM new_rows))`);
    await trigger('item_cards_items_update', 'items', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      `PERFORM item_cards_touch(ARRAY(SELECT id FROM (
         SELECT id, parent_id, item_name, variant_name, simple_item, price, reorder_level, deleted_at, deleted_by FROM new_rows
         EXCEPT SELECT id, parent_id, item_name, variant_name, simple_item, price, reorder_level, deleted_at, deleted_by FROM old_rows) changed))`);
    await trigger('item_cards_items_delete', 'items', 'DELETE', 'OLD TABLE AS old_rows',
      `PERFORM item_cards_touch(ARRAY(SELECT parent_id FROM old_rows WHERE parent_id IS NOT NULL))`);
    for (const [event, transition, rows] of [
      ['INSERT', 'NEW TABLE AS new_rows', 'new_rows'],
      ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'new_rows'],
      ['DELETE', 'OLD TABLE AS old_rows', 'old_rows'],
    ] as const) {
      const suffix = event.toLowerCase();
      await trigger(`item_cards_batches_${suffix}`, 'batches', event, transition, `PERFORM item_cards_touch(ARRAY(SELECT item_id FROM ${rows}))`);
      if (event === 'UPDATE') continue;
      await trigger(`item_cards_item_categories_${suffix}`, 'item_categories', event, transition, `PERFORM item_cards_touch(ARRAY(SELECT item_id FROM ${rows}))`);
      await trigger(`item_cards_item_values_${suffix}`, 'item_attribute_values', event, transition, `PERFORM item_cards_touch(ARRAY(SELECT item_id FROM ${rows}))`);
    }
    // Renames and moves of what cards name: categories, attributes, attribute values.
    await trigger('item_cards_categories_update', 'categories', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      `PERFORM item_cards_touch(ARRAY(
         SELECT ic.item_id FROM (SELECT id, name, level, parent_category_id FROM new_rows EXCEPT SELECT id, name, level, parent_category_id FROM old_rows) n
           JOIN item_categories ic ON ic.category_id = n.id))`);
    await trigger('item_cards_attributes_update', 'attributes', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      `PERFORM item_cards_touch(ARRAY(
         SELECT iav.item_id FROM (SELECT id, name FROM new_rows EXCEPT SELECT id, name FROM old_rows) n
           JOIN attribute_values v ON v.attribute_id = n.id JOIN item_attribute_values iav ON iav.attribute_value_id = v.id))`);
    await trigger('item_cards_attribute_values_update', 'attribute_values', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      `PERFORM item_cards_touch(ARRAY(
         SELECT iav.item_id FROM (SELECT id, value, created_at FROM new_rows EXCEPT SELECT id, value, created_at FROM old_rows) n
           JOIN item_attribute_values iav ON iav.attribute_value_id = n.id))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const triggers: [string, string][] = [
      ['item_cards_items_insert', 'items'], ['item_cards_items_update', 'items'], ['item_cards_items_delete', 'items'],
      ['item_cards_batches_insert', 'batches'], ['item_cards_batches_update', 'batches'], ['item_cards_batches_delete', 'batches'],
      ['item_cards_item_categories_insert', 'item_categories'], ['item_cards_item_categories_delete', 'item_categories'],
      ['item_cards_item_values_insert', 'item_attribute_values'], ['item_cards_item_values_delete', 'item_attribute_values'],
      ['item_cards_categories_update', 'categories'], ['item_cards_attributes_update', 'attributes'],
      ['item_cards_attribute_values_update', 'attribute_values'],
    ];
    for (const [name, table] of triggers) {
      await queryRunner.query(`DROP TRIGGER ${name} ON ${table}`);
      await queryRunner.query(`DROP FUNCTION ${name}()`);
    }
    await queryRunner.query(`DROP FUNCTION item_cards_touch(uuid[])`);
    await queryRunner.query(`DROP TABLE item_cards`);
  }
}
