import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SKU, barcode and unit of measure per item (issue 13), and costs kept out of the activity log.
 *
 * - `items.sku`, `items.barcode`: optional codes of an item or variant, unique within a business
 *   among live rows, held by the database so two concurrent creates cannot both take one:
 *   `uq_items_live_sku` (ignoring case) and `uq_items_live_barcode` (exactly). A deleted item
 *   frees its codes. The SKU index uses `text_pattern_ops`, so it also serves the list's search
 *   by a SKU's start (`lower(sku) LIKE 'abc%'`) and exact match; the barcode index serves a
 *   scanned barcode's exact match.
 * - `items.unit`: the unit of measure of an item ("pcs", "kg"); variants show their parent's.
 * - The item-card trigger also bumps a card when a code or unit changes.
 * - Batch entries of the activity log no longer print a cost ("..., cost 2.50"), since staff
 *   without `view:cost` read the log; the existing ones lose it too.
 */
export class ItemCodes1764700000000 implements MigrationInterface {
  name = 'ItemCodes1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE items ADD COLUMN sku text NULL, ADD COLUMN barcode text NULL, ADD COLUMN unit text NULL`);
    // What the contracts allow, held by the database too: trimmed, not empty, not too long.
    await queryRunner.query(`
      ALTER TABLE items
        ADD CONSTRAINT ck_items_sku CHECK (sku IS NULL OR (sku <> '' AND sku = btrim(sku) AND length(sku) <= 64)),
        ADD CONSTRAINT ck_items_barcode CHECK (barcode IS NULL OR (barcode <> '' AND barcode !~ '\\s' AND length(barcode) <= 64)),
        ADD CONSTRAINT ck_items_unit CHECK (unit IS NULL OR (unit <> '' AND unit = btrim(unit) AND length(unit) <= 20))`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX uq_items_live_sku ON items (business_id, lower(sku) text_pattern_ops) WHERE sku IS NOT NULL AND deleted_at IS NULL`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX uq_items_live_barcode ON items (business_id, barcode) WHERE barcode IS NOT NULL AND deleted_at IS NULL`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION item_cards_items_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        PERFORM item_cards_touch(ARRAY(SELECT id FROM (
          SELECT id, parent_id, item_name, variant_name, simple_item, price, reorder_level, deleted_at, deleted_by, sku, barcode, unit FROM new_rows
          EXCEPT SELECT id, parent_id, item_name, variant_name, simple_item, price, reorder_level, deleted_at, deleted_by, sku, barcode, unit FROM old_rows) changed));
        RETURN NULL; END $$`);
    await queryRunner.query(`UPDATE activities SET description = regexp_replace(description, ', cost [0-9.]+$', '') WHERE entity = 'Batch' AND description ~ ', cost [0-9.]+$'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION item_cards_items_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        PERFORM item_cards_touch(ARRAY(SELECT id FROM (
          SELECT id, parent_id, item_name, variant_name, simple_item, price, reorder_level, deleted_at, deleted_by FROM new_rows
          EXCEPT SELECT id, parent_id, item_name, variant_name, simple_item, price, reorder_level, deleted_at, deleted_by FROM old_rows) changed));
        RETURN NULL; END $$`);
    await queryRunner.query(`DROP INDEX uq_items_live_barcode`);
    await queryRunner.query(`DROP INDEX uq_items_live_sku`);
    await queryRunner.query(`ALTER TABLE items DROP CONSTRAINT ck_items_unit, DROP CONSTRAINT ck_items_barcode, DROP CONSTRAINT ck_items_sku`);
    await queryRunner.query(`ALTER TABLE items DROP COLUMN unit, DROP COLUMN barcode, DROP COLUMN sku`);
  }
}
