import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Names that must be unique among live rows, enforced by the database so that concurrent
 * requests cannot both pass a check made in code.
 *
 * - `uq_items_live_name`: one live top-level item per name (ignoring case) in a business. The
 *   CSV import finds items by name, and concurrent imports created duplicates. Existing
 *   duplicates are renamed "Name (2)", "Name (3)", ... (their variants carry the name too).
 * - `items.value_key`: a variant's attribute value ids, sorted and joined, kept by the API
 *   whenever its values change (`variant-names.ts`), and `uq_items_live_variant`: one live
 *   variant per combination of values under a parent. Five simultaneous "add variant" calls
 *   created five identical variants. Existing duplicates are merged into the oldest variant:
 *   their batches move to it (no stock is lost) and they are deleted.
 * - Variant names are recomputed from their values, which renames now keep in step.
 */
export class LiveNames1764600000000 implements MigrationInterface {
  name = 'LiveNames1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      WITH ranked AS (
        SELECT id, item_name, row_number() OVER (PARTITION BY business_id, lower(item_name) ORDER BY created_at, id) AS n
          FROM items WHERE parent_id IS NULL AND deleted_at IS NULL
      )
      UPDATE items i SET item_name = left(ranked.item_name, 190) || ' (' || ranked.n || ')', updated_at = now()
        FROM ranked WHERE ranked.n > 1 AND (i.id = ranked.id OR i.parent_id = ranked.id)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX uq_items_live_name ON items (business_id, lower(item_name)) WHERE parent_id IS NULL AND deleted_at IS NULL`,
    );

    await queryRunner.query(`ALTER TABLE items ADD COLUMN value_key text NULL`);
    await queryRunner.query(`
      UPDATE items i SET value_key = coalesce(
        (SELECT string_agg(iav.attribute_value_id::text, ',' ORDER BY iav.attribute_value_id::text COLLATE "C")
           FROM item_attribute_values iav WHERE iav.item_id = i.id), '')
       WHERE i.parent_id IS NOT NULL`);
    await queryRunner.query(`
      CREATE TEMPORARY TABLE duplicate_variants ON COMMIT DROP AS
      SELECT id, first_value(id) OVER (PARTITION BY parent_id, value_key ORDER BY created_at, id) AS keep
        FROM items WHERE parent_id IS NOT NULL AND deleted_at IS NULL`);
    await queryRunner.query(`DELETE FROM duplicate_variants WHERE id = keep`);
    await queryRunner.query(`UPDATE batches b SET item_id = d.keep, updated_at = now() FROM duplicate_variants d WHERE b.item_id = d.id`);
    await queryRunner.query(`UPDATE items i SET deleted_at = now() FROM duplicate_variants d WHERE i.id = d.id`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX uq_items_live_variant ON items (parent_id, value_key) WHERE parent_id IS NOT NULL AND deleted_at IS NULL`,
    );
    // NULLs are distinct in a unique index: a variant without a key would escape it.
    await queryRunner.query(`ALTER TABLE items ADD CONSTRAINT ck_items_variant_key CHECK (parent_id IS NULL OR value_key IS NOT NULL)`);
    await queryRunner.query(`
      UPDATE items i SET variant_name = named.name
        FROM (SELECT iav.item_id, string_agg(v.value, ' / ' ORDER BY lower(a.name), a.id) AS name
                FROM item_attribute_values iav
                JOIN attribute_values v ON v.id = iav.attribute_value_id
                JOIN attributes a ON a.id = v.attribute_id
               GROUP BY iav.item_id) named
       WHERE i.id = named.item_id AND i.parent_id IS NOT NULL AND i.variant_name IS DISTINCT FROM named.name`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE items DROP CONSTRAINT ck_items_variant_key`);
    await queryRunner.query(`DROP INDEX uq_items_live_variant`);
    await queryRunner.query(`ALTER TABLE items DROP COLUMN value_key`);
    await queryRunner.query(`DROP INDEX uq_items_live_name`);
  }
}
