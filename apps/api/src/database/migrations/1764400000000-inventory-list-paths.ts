import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Paths of the inventory list at 100k items.
 *
 * - Each category link keeps its item's name (`item_categories.item_name`), set from `items` when
 *   the link is made and whenever the item is renamed, by triggers in the same transaction. An
 *   index on (category, name, item) then yields a category's items already in the list's order: a
 *   page is read by walking about as many links as it shows, not by fetching and sorting every item
 *   of the category.
 * - Each item keeps its name in lower case (`items.name_folded`, generated). A search matches it
 *   with LIKE against the lower-cased pattern, which is what ILIKE does, without lower-casing
 *   every name it passes: the list's name index carries it, so walking names stays index-only.
 * - The trigram index holds the folded names of only what the list searches: live top-level
 *   items (a variant has its parent's name). It is a third smaller, and so are its posting lists.
 * - Each top-level item says whether it is low on stock (`items.low_stock`): a simple item at or
 *   under its reorder level, a variant item with a live variant at or under its own. Triggers on
 *   `items` recompute it in the same transaction as any change of `on_hand` (itself kept from the
 *   batches), reorder levels or variants. The list's low-stock filter then walks an index of just
 *   the low items in name order, where it used to fetch every low item and sort them.
 */
export class InventoryListPaths1764400000000 implements MigrationInterface {
  name = 'InventoryListPaths1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE item_categories ADD COLUMN item_name text NULL`);
    await queryRunner.query(`UPDATE item_categories ic SET item_name = i.item_name FROM items i WHERE i.id = ic.item_id`);
    await queryRunner.query(`ALTER TABLE item_categories ALTER COLUMN item_name SET NOT NULL`);
    await queryRunner.query(`
      CREATE FUNCTION item_categories_set_item_name() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT item_name INTO NEW.item_name FROM items WHERE id = NEW.item_id;
        RETURN NEW;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER tr_item_categories_item_name BEFORE INSERT OR UPDATE OF item_id ON item_categories
         FOR EACH ROW EXECUTE FUNCTION item_categories_set_item_name()`,
    );
    await queryRunner.query(`
      CREATE FUNCTION item_categories_follow_rename() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        renamed uuid[];
      BEGIN
        -- The renamed items first (usually none; EXCEPT, as the card triggers do), then their links by index.
        renamed := ARRAY(SELECT id FROM (SELECT id, item_name FROM new_rows EXCEPT SELECT id, item_name FROM old_rows) changed);
        IF cardinality(renamed) > 0 THEN
          UPDATE item_categories ic SET item_name = i.item_name FROM items i WHERE ic.item_id = ANY(renamed) AND i.id = ic.item_id;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER tr_items_rename_categories AFTER UPDATE ON items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION item_categories_follow_rename()`,
    );
    await queryRunner.query(`DROP INDEX ix_item_categories_category`);
    await queryRunner.query(`CREATE INDEX ix_item_categories_listing ON item_categories (category_id, item_name, item_id)`);
    await queryRunner.query(`ALTER TABLE items ADD COLUMN name_folded text GENERATED ALWAYS AS (lower(item_name)) STORED`);
    await queryRunner.query(`ALTER TABLE items ALTER COLUMN name_folded SET STATISTICS 1000`);
    await queryRunner.query(`DROP INDEX ix_items_listing`);
    await queryRunner.query(
      `CREATE INDEX ix_items_listing ON items (business_id, item_name, id) INCLUDE (name_folded) WHERE deleted_at IS NULL AND parent_id IS NULL`,
    );
    await queryRunner.query(`DROP INDEX ix_items_name_trgm`);
    await queryRunner.query(
      `CREATE INDEX ix_items_listed_name_trgm ON items USING gin (name_folded gin_trgm_ops) WHERE parent_id IS NULL AND deleted_at IS NULL`,
    );
    await queryRunner.query(`ALTER TABLE items ADD COLUMN low_stock boolean NOT NULL DEFAULT false`);
    // Sets the flag of some top-level items from their own stock or their live variants'; writes
    // only flags that change, so the update trigger it sets off finds nothing more to do.
    await queryRunner.query(`
      CREATE FUNCTION items_refresh_low_stock(tops uuid[]) RETURNS void LANGUAGE sql AS $$
        UPDATE items p SET low_stock = x.low
          FROM (SELECT i.id,
                       CASE WHEN i.simple_item THEN coalesce(i.on_hand <= i.reorder_level, false)
                            ELSE EXISTS (SELECT 1 FROM items v WHERE v.parent_id = i.id AND v.deleted_at IS NULL AND v.on_hand <= v.reorder_level) END AS low
                  FROM items i WHERE i.id = ANY(tops) AND i.parent_id IS NULL) x
         WHERE p.id = x.id AND p.low_stock IS DISTINCT FROM x.low
      $$`);
    await queryRunner.query(`SELECT items_refresh_low_stock(ARRAY(SELECT id FROM items WHERE parent_id IS NULL))`);
    await queryRunner.query(`
      CREATE FUNCTION items_low_stock_follow() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        tops uuid[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          tops := ARRAY(SELECT coalesce(parent_id, id) FROM new_rows);
        ELSIF TG_OP = 'UPDATE' THEN
          tops := ARRAY(SELECT coalesce(parent_id, id) FROM (
            SELECT id, parent_id, on_hand, reorder_level, deleted_at, simple_item FROM new_rows
            EXCEPT SELECT id, parent_id, on_hand, reorder_level, deleted_at, simple_item FROM old_rows) changed);
        ELSE
          tops := ARRAY(SELECT parent_id FROM old_rows WHERE parent_id IS NOT NULL);
        END IF;
        -- A statement trigger fires even when no row changed: only recurse into an update with work to do.
        IF cardinality(tops) > 0 THEN
          PERFORM items_refresh_low_stock(tops);
        END IF;
        RETURN NULL;
      END $$`);
    for (const [event, transition] of [
      ['insert', 'NEW TABLE AS new_rows'],
      ['update', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
      ['delete', 'OLD TABLE AS old_rows'],
    ] as const) {
      await queryRunner.query(
        `CREATE TRIGGER tr_items_low_stock_${event} AFTER ${event.toUpperCase()} ON items REFERENCING ${transition}
           FOR EACH STATEMENT EXECUTE FUNCTION items_low_stock_follow()`,
      );
    }
    await queryRunner.query(`DROP INDEX ix_items_low_stock`);
    await queryRunner.query(
      `CREATE INDEX ix_items_listing_low ON items (business_id, item_name, id) WHERE deleted_at IS NULL AND parent_id IS NULL AND low_stock`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX ix_items_listing_low`);
    await queryRunner.query(`CREATE INDEX ix_items_low_stock ON items (business_id) WHERE deleted_at IS NULL AND reorder_level IS NOT NULL AND on_hand <= reorder_level`);
    for (const event of ['insert', 'update', 'delete']) await queryRunner.query(`DROP TRIGGER tr_items_low_stock_${event} ON items`);
    await queryRunner.query(`DROP FUNCTION items_low_stock_follow()`);
    await queryRunner.query(`DROP FUNCTION items_refresh_low_stock(uuid[])`);
    await queryRunner.query(`ALTER TABLE items DROP COLUMN low_stock`);
    await queryRunner.query(`DROP INDEX ix_items_listed_name_trgm`);
    await queryRunner.query(`CREATE INDEX ix_items_name_trgm ON items USING gin (item_name gin_trgm_ops)`);
    await queryRunner.query(`DROP INDEX ix_items_listing`);
    await queryRunner.query(`CREATE INDEX ix_items_listing ON items (business_id, item_name, id) WHERE deleted_at IS NULL AND parent_id IS NULL`);
    await queryRunner.query(`ALTER TABLE items DROP COLUMN name_folded`);
    await queryRunner.query(`DROP INDEX ix_item_categories_listing`);
    await queryRunner.query(`CREATE INDEX ix_item_categories_category ON item_categories (category_id)`);
    await queryRunner.query(`DROP TRIGGER tr_items_rename_categories ON items`);
    await queryRunner.query(`DROP FUNCTION item_categories_follow_rename()`);
    await queryRunner.query(`DROP TRIGGER tr_item_categories_item_name ON item_categories`);
    await queryRunner.query(`DROP FUNCTION item_categories_set_item_name()`);
    await queryRunner.query(`ALTER TABLE item_categories DROP COLUMN item_name`);
  }
}
