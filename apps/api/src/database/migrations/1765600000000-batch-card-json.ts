import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A batch's JSON as item cards show it, kept in the batch's row (issue 25, rule 3: background work
 * in proportion to the work). An item card lists every live batch of the item (spec: Item.batches),
 * and a sale makes the cards of the items it sold stale; the builder then wrote every batch of
 * each of those items afresh (json_build_object, to_char of its date, numerics as text): at a shop
 * of 5 locations with 40 batches an item, 600 batch objects for a sale of 3 lines, about 1 ms of
 * PostgreSQL's time per card, and more with every batch a shop ever bought, sold out or not.
 *
 * `batches.card_json` is that object as a stored generated column: PostgreSQL writes it when a
 * batch is written (a sale writes the 2 or 3 batches it draws from, not all of them), and a card
 * joins the stored objects (item-reader.ts). `batch_card_json` is IMMUTABLE as a generated column
 * needs: its output depends only on its arguments (the date is written in UTC with a fixed
 * pattern, no locale-dependent field). A change to the JSON is a new migration replacing the
 * function and re-adding the column, with the card builder's SQL naming it changed too, so every
 * card is rebuilt (see ITEM_CARD_FORMAT).
 */
export class BatchCardJson1765600000000 implements MigrationInterface {
  name = 'BatchCardJson1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION batch_card_json(id uuid, item_id uuid, supplier_id uuid, location_id uuid, quantity numeric, quantity_sold numeric, cost numeric, date_added timestamptz)
      RETURNS json LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT json_build_object(
          '_id', id, 'itemID', item_id, 'supplierID', supplier_id, 'locationID', location_id,
          'quantity', quantity::text, 'quantitySold', quantity_sold::text, 'cost', cost::text,
          'dateAdded', to_char(date_added AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'deletedAt', null, 'deletedBy', null)
      $$`);
    await queryRunner.query(
      `ALTER TABLE batches ADD COLUMN card_json json
         GENERATED ALWAYS AS (batch_card_json(id, item_id, supplier_id, location_id, quantity, quantity_sold, cost, date_added)) STORED`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE batches DROP COLUMN card_json`);
    await queryRunner.query(`DROP FUNCTION batch_card_json(uuid, uuid, uuid, uuid, numeric, numeric, numeric, timestamptz)`);
  }
}
