import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * For the inventory list's search and low-stock filter at 100k items.
 *
 * - Each attribute-value link names the top-level item it belongs to (the item, or a variant's
 *   parent), set by a trigger from `items` like `batches.top_item_id`: "items with this value on
 *   themselves or a variant" is one index probe per item, or one index scan for all of them.
 * - Each item keeps `on_hand`, the quantity left in its live batches in every location,
 *   recomputed from those batches by statement triggers on `batches` in the same transaction as
 *   any change to them, so it cannot drift. Only the low-stock filter reads it (an index holds
 *   just the items at or under their reorder level); every figure the API shows is still summed
 *   from the batches themselves, within the caller's locations.
 * - Finer statistics on item names, for the planner's choice between the trigram index and a walk.
 */
export class InventorySearch1764200000000 implements MigrationInterface {
  name = 'InventorySearch1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE item_attribute_values ADD COLUMN top_item_id uuid NULL`);
    await queryRunner.query(`UPDATE item_attribute_values l SET top_item_id = coalesce(i.parent_id, i.id) FROM items i WHERE i.id = l.item_id`);
    await queryRunner.query(`ALTER TABLE item_attribute_values ALTER COLUMN top_item_id SET NOT NULL`);
    await queryRunner.query(`
      CREATE FUNCTION item_attribute_values_set_top_item() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT coalesce(parent_id, id) INTO NEW.top_item_id FROM items WHERE id = NEW.item_id;
        RETURN NEW;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER tr_item_attribute_values_top_item BEFORE INSERT OR UPDATE OF item_id ON item_attribute_values
         FOR EACH ROW EXECUTE FUNCTION item_attribute_values_set_top_item()`,
    );
    await queryRunner.query(`CREATE INDEX ix_item_attribute_values_top ON item_attribute_values (top_item_id, attribute_value_id)`);
    await queryRunner.query(`CREATE INDEX ix_item_attribute_values_value_top ON item_attribute_values (attribute_value_id, top_item_id)`);

    await queryRunner.query(`ALTER TABLE items ADD COLUMN on_hand numeric(16, 3) NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      UPDATE items i SET on_hand = s.remaining
        FROM (SELECT item_id, sum(quantity - quantity_sold) AS remaining FROM batches WHERE deleted_at IS NULL GROUP BY item_id) s
       WHERE i.id = s.item_id`);
    await queryRunner.query(`
      CREATE FUNCTION items_refresh_on_hand() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE items i SET on_hand = coalesce((SELECT sum(b.quantity - b.quantity_sold) FROM batches b WHERE b.item_id = i.id AND b.deleted_at IS NULL), 0)
           WHERE i.id IN (SELECT item_id FROM new_rows);
        ELSIF TG_OP = 'UPDATE' THEN
          UPDATE items i SET on_hand = coalesce((SELECT sum(b.quantity - b.quantity_sold) FROM batches b WHERE b.item_id = i.id AND b.deleted_at IS NULL), 0)
           WHERE i.id IN (SELECT item_id FROM new_rows UNION SELECT item_id FROM old_rows);
        ELSE
          UPDATE items i SET on_hand = coalesce((SELECT sum(b.quantity - b.quantity_sold) FROM batches b WHERE b.item_id = i.id AND b.deleted_at IS NULL), 0)
           WHERE i.id IN (SELECT item_id FROM old_rows);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER tr_batches_on_hand_insert AFTER INSERT ON batches REFERENCING NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION items_refresh_on_hand()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER tr_batches_on_hand_update AFTER UPDATE ON batches REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION items_refresh_on_hand()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER tr_batches_on_hand_delete AFTER DELETE ON batches REFERENCING OLD TABLE AS old_rows
         FOR EACH STATEMENT EXECUTE FUNCTION items_refresh_on_hand()`,
    );
    await queryRunner.query(
      `CREATE INDEX ix_items_low_stock ON items (business_id) WHERE deleted_at IS NULL AND reorder_level IS NOT NULL AND on_hand <= reorder_level`,
    );
    // Finer statistics on names, so the planner can tell a rare search (take the trigram index)
    // from a common one (walk the names in order).
    await queryRunner.query(`ALTER TABLE items ALTER COLUMN item_name SET STATISTICS 1000`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE items ALTER COLUMN item_name SET STATISTICS -1`);
    await queryRunner.query(`DROP INDEX ix_items_low_stock`);
    for (const event of ['insert', 'update', 'delete']) await queryRunner.query(`DROP TRIGGER tr_batches_on_hand_${event} ON batches`);
    await queryRunner.query(`DROP FUNCTION items_refresh_on_hand()`);
    await queryRunner.query(`ALTER TABLE items DROP COLUMN on_hand`);
    await queryRunner.query(`DROP INDEX ix_item_attribute_values_value_top`);
    await queryRunner.query(`DROP INDEX ix_item_attribute_values_top`);
    await queryRunner.query(`DROP TRIGGER tr_item_attribute_values_top_item ON item_attribute_values`);
    await queryRunner.query(`DROP FUNCTION item_attribute_values_set_top_item()`);
    await queryRunner.query(`ALTER TABLE item_attribute_values DROP COLUMN top_item_id`);
  }
}
