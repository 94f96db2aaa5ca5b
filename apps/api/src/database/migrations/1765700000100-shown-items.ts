import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `items.on_hand` moves by a statement's change of live batches (migration 1765500000000); with
 * `stock` the function also counts, in `items.stock_version`, every change of an item's batches,
 * including those that leave its on hand as it was (a cost corrected, a sold-out batch deleted).
 */
const onHandFunction = (stock: boolean) => `
  CREATE OR REPLACE FUNCTION items_refresh_on_hand() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    ids uuid[];
    deltas numeric[];
  BEGIN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(item_id ORDER BY item_id), array_agg(delta ORDER BY item_id) INTO ids, deltas FROM (
        SELECT item_id, ${stock ? 'coalesce(sum(quantity - quantity_sold) FILTER (WHERE deleted_at IS NULL), 0)' : 'sum(quantity - quantity_sold)'} AS delta
          FROM new_rows ${stock ? '' : 'WHERE deleted_at IS NULL'} GROUP BY item_id) c ${stock ? '' : 'WHERE delta <> 0'};
    ELSIF TG_OP = 'UPDATE' THEN
      SELECT array_agg(item_id ORDER BY item_id), array_agg(delta ORDER BY item_id) INTO ids, deltas FROM (
        SELECT item_id, ${stock ? 'coalesce(sum(live), 0)' : 'sum(live)'} AS delta FROM (
          SELECT item_id, ${stock ? 'CASE WHEN deleted_at IS NULL THEN quantity - quantity_sold END' : 'quantity - quantity_sold'} AS live FROM new_rows ${stock ? '' : 'WHERE deleted_at IS NULL'}
          UNION ALL SELECT item_id, ${stock ? 'CASE WHEN deleted_at IS NULL THEN quantity_sold - quantity END' : 'quantity_sold - quantity'} FROM old_rows ${stock ? '' : 'WHERE deleted_at IS NULL'}) moved
        GROUP BY item_id) c ${stock ? '' : 'WHERE delta <> 0'};
    ELSE
      SELECT array_agg(item_id ORDER BY item_id), array_agg(delta ORDER BY item_id) INTO ids, deltas FROM (
        SELECT item_id, ${stock ? 'coalesce(sum(quantity_sold - quantity) FILTER (WHERE deleted_at IS NULL), 0)' : 'sum(quantity_sold - quantity)'} AS delta
          FROM old_rows ${stock ? '' : 'WHERE deleted_at IS NULL'} GROUP BY item_id) c ${stock ? '' : 'WHERE delta <> 0'};
    END IF;
    IF ids IS NULL THEN
      RETURN NULL;
    END IF;
    PERFORM 1 FROM items WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
    UPDATE items i SET on_hand = i.on_hand + c.delta${stock ? ', stock_version = i.stock_version + 1' : ''} FROM unnest(ids, deltas) AS c(id, delta) WHERE i.id = c.id;
    RETURN NULL;
  END $$`;

/**
 * Items as the list shows them, kept until their stock or card changes (issue 25). Migration
 * 1765700000000 took the stock out of the item cards, so a sale no longer rebuilds them; the list
 * then read every page's stock afresh, about 3 ms of PostgreSQL a page (the inventory bench's p95
 * went from 33 to 55 ms). Now:
 *
 * - `items.stock_version` counts changes of the item's batches: the batches' on-hand trigger, which
 *   already updates the rows of the items a statement changed, adds one (no other write, no other
 *   lock; a sale's cost is unchanged).
 * - `item_cards.shown` is the item as a caller who sees every location is shown it (the card with
 *   its stock), stored by the list when it reads one afresh, with the card's version
 *   (`shown_version`) and its stock's stamp (`shown_stamp`: the item's and its live variants'
 *   `stock_version` summed, which grows with every change of their batches). The list serves it
 *   while both still hold; nothing rebuilds it in the background: a sale costs nothing more, and
 *   the next list read of that item pays for it.
 */
export class ShownItems1765700000100 implements MigrationInterface {
  name = 'ShownItems1765700000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE items ADD COLUMN stock_version bigint NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE item_cards ADD COLUMN shown text NULL, ADD COLUMN shown_version bigint NULL, ADD COLUMN shown_stamp bigint NULL`);
    await queryRunner.query(`ALTER TABLE item_cards ALTER COLUMN shown SET STORAGE MAIN`);
    await queryRunner.query(onHandFunction(true));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(onHandFunction(false));
    await queryRunner.query(`ALTER TABLE item_cards DROP COLUMN shown, DROP COLUMN shown_version, DROP COLUMN shown_stamp`);
    await queryRunner.query(`ALTER TABLE items DROP COLUMN stock_version`);
  }
}
