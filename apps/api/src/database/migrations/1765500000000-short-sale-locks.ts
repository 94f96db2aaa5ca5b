import type { MigrationInterface, QueryRunner } from 'typeorm';

const INVOICE_COLUMNS = 'grand_total, total_cost, total_tax, refunded_grand_total, refunded_total_cost, refunded_total_tax, created_at, location_id, deleted_at';
const CREDIT_NOTE_COLUMNS = 'grand_total, total_cost, total_tax, created_at, location_id, voided_at';

/** Moves items.on_hand by a statement's change of live batches (see the class comment). */
const ON_HAND_BY_CHANGE = `
  CREATE OR REPLACE FUNCTION items_refresh_on_hand() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    ids uuid[];
    deltas numeric[];
  BEGIN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(item_id ORDER BY item_id), array_agg(delta ORDER BY item_id) INTO ids, deltas FROM (
        SELECT item_id, sum(quantity - quantity_sold) AS delta FROM new_rows WHERE deleted_at IS NULL GROUP BY item_id) c WHERE delta <> 0;
    ELSIF TG_OP = 'UPDATE' THEN
      SELECT array_agg(item_id ORDER BY item_id), array_agg(delta ORDER BY item_id) INTO ids, deltas FROM (
        SELECT item_id, sum(live) AS delta FROM (
          SELECT item_id, quantity - quantity_sold AS live FROM new_rows WHERE deleted_at IS NULL
          UNION ALL SELECT item_id, quantity_sold - quantity FROM old_rows WHERE deleted_at IS NULL) moved
        GROUP BY item_id) c WHERE delta <> 0;
    ELSE
      SELECT array_agg(item_id ORDER BY item_id), array_agg(delta ORDER BY item_id) INTO ids, deltas FROM (
        SELECT item_id, sum(quantity_sold - quantity) AS delta FROM old_rows WHERE deleted_at IS NULL GROUP BY item_id) c WHERE delta <> 0;
    END IF;
    IF ids IS NULL THEN
      RETURN NULL;
    END IF;
    PERFORM 1 FROM items WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
    UPDATE items i SET on_hand = i.on_hand + c.delta FROM unnest(ids, deltas) AS c(id, delta) WHERE i.id = c.id;
    RETURN NULL;
  END $$`;

/**
 * The low-stock flag follows an item's update only when the update can change it: its
 * reorder level, parent, kind or deletion, or which side of the reorder level its stock is on.
 * A sale moves on_hand and almost never crosses the level; it no longer recomputes the flags.
 */
const LOW_STOCK_FOLLOWS = (when: 'crossing' | 'any') => `
  CREATE OR REPLACE FUNCTION items_low_stock_follow() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    tops uuid[];
  BEGIN
    IF TG_OP = 'INSERT' THEN
      tops := ARRAY(SELECT coalesce(parent_id, id) FROM new_rows);
    ELSIF TG_OP = 'UPDATE' THEN
      ${
        when === 'crossing'
          ? `tops := ARRAY(SELECT coalesce(n.parent_id, n.id) FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.parent_id, n.reorder_level, n.deleted_at, n.simple_item) IS DISTINCT FROM (o.parent_id, o.reorder_level, o.deleted_at, o.simple_item)
           OR coalesce(n.on_hand <= n.reorder_level, false) <> coalesce(o.on_hand <= o.reorder_level, false));`
          : `tops := ARRAY(SELECT coalesce(parent_id, id) FROM (
        SELECT id, parent_id, on_hand, reorder_level, deleted_at, simple_item FROM new_rows
        EXCEPT SELECT id, parent_id, on_hand, reorder_level, deleted_at, simple_item FROM old_rows) changed);`
      }
    ELSE
      tops := ARRAY(SELECT parent_id FROM old_rows WHERE parent_id IS NOT NULL);
    END IF;
    -- A statement trigger fires even when no row changed: only recurse into an update with work to do.
    IF cardinality(tops) > 0 THEN
      PERFORM items_refresh_low_stock(tops);
    END IF;
    RETURN NULL;
  END $$`;

/** The function as migration 1764200000000 wrote it. */
const ON_HAND_BY_SUM = `
  CREATE OR REPLACE FUNCTION items_refresh_on_hand() RETURNS trigger LANGUAGE plpgsql AS $$
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
  END $$`;

/**
 * Sales at the physical limit (issue 25, rule 1: short locked sections). The hourly report sums
 * (`report_sales_hours`, one row per business, location and hour) were kept by AFTER ROW triggers
 * that upserted the hour's row at the sale's first write, the INSERT of its invoice, and held its
 * lock to the COMMIT: every sale at a location queued on that row for the whole sale.
 *
 * The same triggers now run as deferred constraint triggers: PostgreSQL runs them at COMMIT, after
 * the sale's last statement, so the hour row is locked for the commit alone. The sums stay exact
 * and in the same transaction (a rollback leaves them as they were); the functions are unchanged.
 * A transaction that wants to read its own sums before committing can `SET CONSTRAINTS ALL
 * IMMEDIATE` (nothing does).
 *
 * And a sale's costliest statement in PostgreSQL: `items.on_hand` (the low-stock filter's figure)
 * was recomputed after every change of batches by summing every live batch of each item touched
 * (a sale's 3 lines at a shop of 5 locations and 40 batches each: 600 rows, about 3 ms, with a
 * full scan of items to find the 3). It now moves by what the statement changed: Σ (quantity -
 * quantity_sold) of the live new rows less that of the old ones, per item, added to the items'
 * rows, locked in id order (so two sales of the same items elsewhere cannot deadlock). Exact under
 * concurrency too: the delta is the statement's own, added to the row's latest committed figure.
 * Every item's on_hand is summed afresh here once, so the increments start from the exact figure.
 * The low-stock flag then
 * follows only updates that can change it (LOW_STOCK_FOLLOWS).
 */
export class ShortSaleLocks1765500000000 implements MigrationInterface {
  name = 'ShortSaleLocks1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(ON_HAND_BY_CHANGE);
    await queryRunner.query(LOW_STOCK_FOLLOWS('crossing'));
    await queryRunner.query(`
      UPDATE items i SET on_hand = coalesce((SELECT sum(b.quantity - b.quantity_sold) FROM batches b WHERE b.item_id = i.id AND b.deleted_at IS NULL), 0)
       WHERE on_hand IS DISTINCT FROM coalesce((SELECT sum(b.quantity - b.quantity_sold) FROM batches b WHERE b.item_id = i.id AND b.deleted_at IS NULL), 0)`);
    await queryRunner.query(`DROP TRIGGER tr_invoices_report_sales_hours ON invoices`);
    await queryRunner.query(
      `CREATE CONSTRAINT TRIGGER tr_invoices_report_sales_hours AFTER INSERT OR DELETE OR UPDATE OF ${INVOICE_COLUMNS} ON invoices
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_sales_hours_apply()`,
    );
    await queryRunner.query(`DROP TRIGGER tr_credit_notes_report_sales_hours ON credit_notes`);
    await queryRunner.query(
      `CREATE CONSTRAINT TRIGGER tr_credit_notes_report_sales_hours AFTER INSERT OR DELETE OR UPDATE OF ${CREDIT_NOTE_COLUMNS} ON credit_notes
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_credit_notes_apply()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(ON_HAND_BY_SUM);
    await queryRunner.query(LOW_STOCK_FOLLOWS('any'));
    await queryRunner.query(`DROP TRIGGER tr_credit_notes_report_sales_hours ON credit_notes`);
    await queryRunner.query(
      `CREATE TRIGGER tr_credit_notes_report_sales_hours AFTER INSERT OR DELETE OR UPDATE OF ${CREDIT_NOTE_COLUMNS} ON credit_notes
       FOR EACH ROW EXECUTE FUNCTION report_credit_notes_apply()`,
    );
    await queryRunner.query(`DROP TRIGGER tr_invoices_report_sales_hours ON invoices`);
    await queryRunner.query(
      `CREATE TRIGGER tr_invoices_report_sales_hours AFTER INSERT OR DELETE OR UPDATE OF ${INVOICE_COLUMNS} ON invoices
       FOR EACH ROW EXECUTE FUNCTION report_sales_hours_apply()`,
    );
  }
}
