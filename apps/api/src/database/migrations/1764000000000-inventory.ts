import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Inventory: categories (a tree), attributes and their values, suppliers, items (simple items,
 * variant parents and their variants) and batches. Stock on hand is never stored: it is derived
 * from live batches (quantity minus quantity sold), so it cannot drift.
 */
export class Inventory1764000000000 implements MigrationInterface {
  name = 'Inventory1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
      CREATE TABLE categories (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        name text NOT NULL,
        level integer NOT NULL,
        parent_category_id uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_categories PRIMARY KEY (id),
        CONSTRAINT fk_categories_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_categories_parent FOREIGN KEY (parent_category_id) REFERENCES categories (id) ON DELETE RESTRICT,
        CONSTRAINT ck_categories_level CHECK (level >= 1)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX uq_categories_sibling_name ON categories (business_id, coalesce(parent_category_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name))`,
    );
    await queryRunner.query(`CREATE INDEX ix_categories_parent ON categories (parent_category_id)`);

    await queryRunner.query(`
      CREATE TABLE attributes (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_attributes PRIMARY KEY (id),
        CONSTRAINT fk_attributes_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_attributes_name ON attributes (business_id, lower(name))`);
    await queryRunner.query(`
      CREATE TABLE attribute_values (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        attribute_id uuid NOT NULL,
        value text NOT NULL,
        -- clock_timestamp(): values added together keep the order they were given in.
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT pk_attribute_values PRIMARY KEY (id),
        CONSTRAINT fk_attribute_values_attribute FOREIGN KEY (attribute_id) REFERENCES attributes (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_attribute_values_value ON attribute_values (attribute_id, lower(value))`);

    await queryRunner.query(`
      CREATE TABLE suppliers (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        name text NOT NULL,
        address text NOT NULL DEFAULT '',
        contact_number text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        current_balance numeric(16, 4) NOT NULL DEFAULT 0,
        credit_balance numeric(16, 4) NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz NULL,
        deleted_by uuid NULL,
        CONSTRAINT pk_suppliers PRIMARY KEY (id),
        CONSTRAINT fk_suppliers_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_suppliers_deleted_by FOREIGN KEY (deleted_by) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_suppliers_live_name ON suppliers (business_id, lower(name)) WHERE deleted_at IS NULL`);

    // A simple item, a variant parent (simple_item false, no parent), or a variant (parent_id set).
    await queryRunner.query(`
      CREATE TABLE items (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        parent_id uuid NULL,
        item_name text NOT NULL,
        variant_name text NULL,
        simple_item boolean NOT NULL,
        price numeric(16, 4) NOT NULL DEFAULT 0,
        reorder_level numeric(16, 3) NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz NULL,
        deleted_by uuid NULL,
        CONSTRAINT pk_items PRIMARY KEY (id),
        CONSTRAINT fk_items_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_items_parent FOREIGN KEY (parent_id) REFERENCES items (id) ON DELETE CASCADE,
        CONSTRAINT fk_items_deleted_by FOREIGN KEY (deleted_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT ck_items_price CHECK (price >= 0),
        CONSTRAINT ck_items_reorder_level CHECK (reorder_level IS NULL OR reorder_level >= 0)
      )`);
    await queryRunner.query(`CREATE INDEX ix_items_listing ON items (business_id, item_name, id) WHERE deleted_at IS NULL AND parent_id IS NULL`);
    await queryRunner.query(`CREATE INDEX ix_items_parent ON items (parent_id) WHERE parent_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX ix_items_name_trgm ON items USING gin (item_name gin_trgm_ops)`);
    await queryRunner.query(`
      CREATE TABLE item_categories (
        item_id uuid NOT NULL,
        category_id uuid NOT NULL,
        CONSTRAINT pk_item_categories PRIMARY KEY (item_id, category_id),
        CONSTRAINT fk_item_categories_item FOREIGN KEY (item_id) REFERENCES items (id) ON DELETE CASCADE,
        CONSTRAINT fk_item_categories_category FOREIGN KEY (category_id) REFERENCES categories (id) ON DELETE RESTRICT
      )`);
    await queryRunner.query(`CREATE INDEX ix_item_categories_category ON item_categories (category_id)`);
    await queryRunner.query(`
      CREATE TABLE item_attribute_values (
        item_id uuid NOT NULL,
        attribute_value_id uuid NOT NULL,
        CONSTRAINT pk_item_attribute_values PRIMARY KEY (item_id, attribute_value_id),
        CONSTRAINT fk_item_attribute_values_item FOREIGN KEY (item_id) REFERENCES items (id) ON DELETE CASCADE,
        CONSTRAINT fk_item_attribute_values_value FOREIGN KEY (attribute_value_id) REFERENCES attribute_values (id) ON DELETE RESTRICT
      )`);
    await queryRunner.query(`CREATE INDEX ix_item_attribute_values_value ON item_attribute_values (attribute_value_id)`);

    await queryRunner.query(`
      CREATE TABLE batches (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        item_id uuid NOT NULL,
        supplier_id uuid NULL,
        location_id uuid NOT NULL,
        quantity numeric(16, 3) NOT NULL,
        quantity_sold numeric(16, 3) NOT NULL DEFAULT 0,
        cost numeric(16, 4) NOT NULL,
        date_added timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz NULL,
        deleted_by uuid NULL,
        CONSTRAINT pk_batches PRIMARY KEY (id),
        CONSTRAINT fk_batches_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_batches_item FOREIGN KEY (item_id) REFERENCES items (id) ON DELETE CASCADE,
        CONSTRAINT fk_batches_supplier FOREIGN KEY (supplier_id) REFERENCES suppliers (id) ON DELETE RESTRICT,
        CONSTRAINT fk_batches_location FOREIGN KEY (location_id) REFERENCES locations (id) ON DELETE RESTRICT,
        CONSTRAINT fk_batches_deleted_by FOREIGN KEY (deleted_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT ck_batches_quantities CHECK (quantity >= 0 AND quantity_sold >= 0 AND quantity_sold <= quantity),
        CONSTRAINT ck_batches_cost CHECK (cost >= 0)
      )`);
    await queryRunner.query(`CREATE INDEX ix_batches_item_live ON batches (item_id, location_id) WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX ix_batches_location_live ON batches (business_id, location_id, item_id) WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX ix_batches_supplier ON batches (supplier_id) WHERE supplier_id IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['batches', 'item_attribute_values', 'item_categories', 'items', 'suppliers', 'attribute_values', 'attributes', 'categories']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
