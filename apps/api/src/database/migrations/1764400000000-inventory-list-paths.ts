import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Paths of the inventory list at 100k items.
 *
 * - Each category link keeps its item's name (`item_categories.item_name`), set from `items` when
 *   the link is made and whenever the item is renamed, by triggers in the same transaction. An
 *   index on (category, name, item) then yields a category's items already in the list's order: a
 *   page is read by walking about as many links as it shows, not by fetching and sorting every item
 *   of the category.
 * - The trigram index on names holds only what the list searches: live top-level items (a variant
 *   has its parent's name). It is a third smaller, and so are the posting lists a search reads.
 * - The index of items at or under their reorder level holds only what holds stock (simple items
 *   and variants): a variant item with a reorder level of its own has no batches, so it sat in the
 *   index for ever, to be read and thrown away by every low-stock filter.
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
      BEGIN
        UPDATE item_categories ic SET item_name = n.item_name
          FROM new_rows n JOIN old_rows o ON o.id = n.id
         WHERE ic.item_id = n.id AND n.item_name IS DISTINCT FROM o.item_name;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER tr_items_rename_categories AFTER UPDATE ON items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION item_categories_follow_rename()`,
    );
    await queryRunner.query(`DROP INDEX ix_item_categories_category`);
    await queryRunner.query(`CREATE INDEX ix_item_categories_listing ON item_categories (category_id, item_name, item_id)`);
    await queryRunner.query(`DROP INDEX ix_items_name_trgm`);
    await queryRunner.query(
      `CREATE INDEX ix_items_listed_name_trgm ON items USING gin (item_name gin_trgm_ops) WHERE parent_id IS NULL AND deleted_at IS NULL`,
    );
    await queryRunner.query(`DROP INDEX ix_items_low_stock`);
    await queryRunner.query(
      `CREATE INDEX ix_items_low_stock ON items (business_id)
         WHERE deleted_at IS NULL AND reorder_level IS NOT NULL AND on_hand <= reorder_level AND (simple_item OR parent_id IS NOT NULL)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX ix_items_low_stock`);
    await queryRunner.query(`CREATE INDEX ix_items_low_stock ON items (business_id) WHERE deleted_at IS NULL AND reorder_level IS NOT NULL AND on_hand <= reorder_level`);
    await queryRunner.query(`DROP INDEX ix_items_listed_name_trgm`);
    await queryRunner.query(`CREATE INDEX ix_items_name_trgm ON items USING gin (item_name gin_trgm_ops)`);
    await queryRunner.query(`DROP INDEX ix_item_categories_listing`);
    await queryRunner.query(`CREATE INDEX ix_item_categories_category ON item_categories (category_id)`);
    await queryRunner.query(`DROP TRIGGER tr_items_rename_categories ON items`);
    await queryRunner.query(`DROP FUNCTION item_categories_follow_rename()`);
    await queryRunner.query(`DROP TRIGGER tr_item_categories_item_name ON item_categories`);
    await queryRunner.query(`DROP FUNCTION item_categories_set_item_name()`);
    await queryRunner.query(`ALTER TABLE item_categories DROP COLUMN item_name`);
  }
}
