import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * For the inventory list at 100k items: each batch also names the top-level item it stocks
 * (the item itself, or a variant's parent), set by a trigger from `items`, so "items with stock
 * at this location / from this supplier" is one index probe per item. An item never changes
 * parent, so the column cannot drift. Items with a reorder level get their own index for the
 * low-stock filter.
 */
export class InventoryListing1764100000000 implements MigrationInterface {
  name = 'InventoryListing1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE batches ADD COLUMN top_item_id uuid NULL`);
    await queryRunner.query(`UPDATE batches b SET top_item_id = coalesce(i.parent_id, i.id) FROM items i WHERE i.id = b.item_id`);
    await queryRunner.query(`ALTER TABLE batches ALTER COLUMN top_item_id SET NOT NULL`);
    await queryRunner.query(`
      CREATE FUNCTION batches_set_top_item() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT coalesce(parent_id, id) INTO NEW.top_item_id FROM items WHERE id = NEW.item_id;
        RETURN NEW;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER tr_batches_top_item BEFORE INSERT OR UPDATE OF item_id ON batches FOR EACH ROW EXECUTE FUNCTION batches_set_top_item()`,
    );
    await queryRunner.query(`CREATE INDEX ix_batches_top_location_live ON batches (top_item_id, location_id) WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX ix_batches_top_supplier_live ON batches (top_item_id, supplier_id) WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX ix_items_reorder ON items (business_id) WHERE reorder_level IS NOT NULL AND deleted_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX ix_items_reorder`);
    await queryRunner.query(`DROP TRIGGER tr_batches_top_item ON batches`);
    await queryRunner.query(`DROP FUNCTION batches_set_top_item()`);
    await queryRunner.query(`ALTER TABLE batches DROP COLUMN top_item_id`);
  }
}
