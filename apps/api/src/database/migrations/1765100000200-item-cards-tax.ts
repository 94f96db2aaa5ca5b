import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Item cards show each item's and variant's tax choice (migration 1765100000000): a change of
 * `tax_rate_id` or `tax_exempt` alone must retire the card too, so the trigger compares them with
 * the other shown columns (before this, the list kept the old choice until another change).
 */
export class ItemCardsTax1765100000200 implements MigrationInterface {
  name = 'ItemCardsTax1765100000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION item_cards_items_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        PERFORM item_cards_touch(ARRAY(SELECT id FROM (
          SELECT id, parent_id, item_name, variant_name, simple_item, price, reorder_level, deleted_at, deleted_by, sku, barcode, unit, tax_rate_id, tax_exempt FROM new_rows
          EXCEPT SELECT id, parent_id, item_name, variant_name, simple_item, price, reorder_level, deleted_at, deleted_by, sku, barcode, unit, tax_rate_id, tax_exempt FROM old_rows) changed));
        RETURN NULL; END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION item_cards_items_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        PERFORM item_cards_touch(ARRAY(SELECT id FROM (
          SELECT id, parent_id, item_name, variant_name, simple_item, price, reorder_level, deleted_at, deleted_by, sku, barcode, unit FROM new_rows
          EXCEPT SELECT id, parent_id, item_name, variant_name, simple_item, price, reorder_level, deleted_at, deleted_by, sku, barcode, unit FROM old_rows) changed));
        RETURN NULL; END $$`);
  }
}
