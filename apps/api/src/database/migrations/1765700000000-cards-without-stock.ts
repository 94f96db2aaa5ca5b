import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Item cards without stock (issue 25: the CPU of a sale). A card held each unit's batches and the
 * figures that follow them, so every sale made the cards of the items it sold stale, and the
 * builder wrote each again: at a shop of 5 locations with 40 batches an item, about 1.3 ms of
 * PostgreSQL's time per card (200 batch objects aggregated, a 66 KB card compressed and stored),
 * nearly 2 cards a sale. The stock is now read with the page (item-reader.ts: the batches' stored
 * objects and the figures over them, for the page's units only) and a card holds what changes
 * with the catalogue alone: names, codes, prices, categories, attribute values, variants.
 *
 * So the batches' triggers that bumped the cards go. Every other trigger of migration
 * 1764300000000 stays; the builder's SQL changed too, so every stored card is rebuilt once
 * (ITEM_CARD_FORMAT).
 */
export class CardsWithoutStock1765700000000 implements MigrationInterface {
  name = 'CardsWithoutStock1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) {
      await queryRunner.query(`DROP TRIGGER item_cards_batches_${event} ON batches`);
      await queryRunner.query(`DROP FUNCTION item_cards_batches_${event}()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [event, transition, rows] of [
      ['INSERT', 'NEW TABLE AS new_rows', 'new_rows'],
      ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'new_rows'],
      ['DELETE', 'OLD TABLE AS old_rows', 'old_rows'],
    ] as const) {
      const name = `item_cards_batches_${event.toLowerCase()}`;
      await queryRunner.query(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM item_cards_touch(ARRAY(SELECT item_id FROM ${rows})); RETURN NULL; END $$`);
      await queryRunner.query(`CREATE TRIGGER ${name} AFTER ${event} ON batches REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`);
    }
  }
}
