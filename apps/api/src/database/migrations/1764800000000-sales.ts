import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sales (issue 14): customers, invoices with their lines and batch draws, payments, refunds, the
 * locations' money book (transactions, current and credit balances) and idempotency keys.
 *
 * - `invoice_counters`: one row per business holding its last invoice number. A sale takes the next
 *   number by updating that row inside its own transaction, so numbers are 1, 2, 3 ... with no gap
 *   (a sale that rolls back gives its number back, unlike a sequence) and no duplicate (the row
 *   lock orders concurrent sales; `uq_invoices_business_number` holds it too).
 * - `invoice_line_draws`: every batch a line drew from, with the quantity and unit cost taken and
 *   what refunds or a cancellation returned since. For every batch, quantity_sold = Σ (quantity -
 *   returned) of its draws; only the inventory module's stock service writes batch quantities.
 * - `transactions`: append-only (Sale, Payment, Refund; signed amount; `balance` = the location's
 *   current balance right after it). A trigger refuses updates and deletes (but for the cascade of
 *   a business being deleted); a reversal is a new transaction. `locations.current_balance` is the
 *   sum of its transactions, `credit_balance` the outstanding of its live invoices.
 * - `invoices.link`: the public page's token (32 random bytes, base64url), unique; null once revoked.
 * - `idempotency_keys`: per business, user and key, the hash of the request and the answer of the
 *   first sale made with it; a retry gets that answer, a concurrent one waits on the key's row.
 */
export class Sales1764800000000 implements MigrationInterface {
  name = 'Sales1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE customers (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        contact_number text NOT NULL DEFAULT '',
        address text NOT NULL DEFAULT '',
        total_purchased numeric(24, 4) NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz NULL,
        deleted_by uuid NULL,
        CONSTRAINT pk_customers PRIMARY KEY (id),
        CONSTRAINT fk_customers_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_customers_deleted_by FOREIGN KEY (deleted_by) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await queryRunner.query(`CREATE INDEX ix_customers_live_name ON customers (business_id, lower(first_name), lower(last_name)) WHERE deleted_at IS NULL`);

    await queryRunner.query(
      `ALTER TABLE locations ADD COLUMN current_balance numeric(24, 4) NOT NULL DEFAULT 0, ADD COLUMN credit_balance numeric(24, 4) NOT NULL DEFAULT 0`,
    );

    await queryRunner.query(`
      CREATE TABLE invoice_counters (
        business_id uuid NOT NULL,
        last_number integer NOT NULL DEFAULT 0,
        CONSTRAINT pk_invoice_counters PRIMARY KEY (business_id),
        CONSTRAINT fk_invoice_counters_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE
      )`);

    await queryRunner.query(`
      CREATE TABLE invoices (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        location_id uuid NOT NULL,
        invoice_number integer NOT NULL,
        customer_id uuid NULL,
        user_id uuid NOT NULL,
        payment_method text NOT NULL,
        payment_due_date timestamptz NULL,
        paid_amount numeric(24, 4) NOT NULL,
        link text NULL,
        total_amount numeric(24, 4) NOT NULL,
        total_discount numeric(24, 4) NOT NULL,
        total_quantity numeric(28, 3) NOT NULL,
        total_cost numeric(24, 4) NOT NULL,
        grand_total numeric(24, 4) NOT NULL,
        outstanding numeric(24, 4) NOT NULL,
        net_result numeric(24, 4) NOT NULL,
        settled boolean NOT NULL,
        credit boolean NOT NULL,
        refunded boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz NULL,
        deleted_by uuid NULL,
        CONSTRAINT pk_invoices PRIMARY KEY (id),
        CONSTRAINT fk_invoices_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_invoices_location FOREIGN KEY (location_id) REFERENCES locations (id) ON DELETE RESTRICT,
        CONSTRAINT fk_invoices_customer FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE RESTRICT,
        CONSTRAINT fk_invoices_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT,
        CONSTRAINT fk_invoices_deleted_by FOREIGN KEY (deleted_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT ck_invoices_payment_method CHECK (payment_method IN ('Cash', 'Card', 'Cheque', 'Credit', 'Bank_Transfer')),
        CONSTRAINT ck_invoices_money CHECK (paid_amount >= 0 AND outstanding >= 0 AND paid_amount <= grand_total)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_invoices_business_number ON invoices (business_id, invoice_number)`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_invoices_link ON invoices (link) WHERE link IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX ix_invoices_business_created ON invoices (business_id, created_at DESC, invoice_number DESC)`);
    await queryRunner.query(`CREATE INDEX ix_invoices_customer ON invoices (customer_id) WHERE customer_id IS NOT NULL`);

    await queryRunner.query(`
      CREATE TABLE invoice_lines (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        invoice_id uuid NOT NULL,
        position integer NOT NULL,
        item_id uuid NOT NULL,
        item_name text NOT NULL,
        variant_name text NULL,
        simple_item boolean NOT NULL,
        quantity numeric(16, 3) NOT NULL,
        refunded_quantity numeric(16, 3) NOT NULL DEFAULT 0,
        price numeric(16, 4) NOT NULL,
        discount numeric(16, 4) NOT NULL,
        stock_valuation_method text NOT NULL,
        CONSTRAINT pk_invoice_lines PRIMARY KEY (id),
        CONSTRAINT fk_invoice_lines_invoice FOREIGN KEY (invoice_id) REFERENCES invoices (id) ON DELETE CASCADE,
        CONSTRAINT fk_invoice_lines_item FOREIGN KEY (item_id) REFERENCES items (id) ON DELETE RESTRICT,
        CONSTRAINT ck_invoice_lines_method CHECK (stock_valuation_method IN ('FIFO', 'LIFO', 'AVCO')),
        CONSTRAINT ck_invoice_lines_quantities CHECK (quantity > 0 AND refunded_quantity >= 0 AND refunded_quantity <= quantity)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_invoice_lines_position ON invoice_lines (invoice_id, position)`);
    await queryRunner.query(`
      CREATE TABLE invoice_line_draws (
        line_id uuid NOT NULL,
        position integer NOT NULL,
        batch_id uuid NOT NULL,
        quantity numeric(16, 3) NOT NULL,
        unit_cost numeric(16, 4) NOT NULL,
        returned numeric(16, 3) NOT NULL DEFAULT 0,
        CONSTRAINT pk_invoice_line_draws PRIMARY KEY (line_id, batch_id),
        CONSTRAINT fk_invoice_line_draws_line FOREIGN KEY (line_id) REFERENCES invoice_lines (id) ON DELETE CASCADE,
        CONSTRAINT fk_invoice_line_draws_batch FOREIGN KEY (batch_id) REFERENCES batches (id) ON DELETE RESTRICT,
        CONSTRAINT ck_invoice_line_draws_quantities CHECK (quantity > 0 AND returned >= 0 AND returned <= quantity)
      )`);
    await queryRunner.query(`CREATE INDEX ix_invoice_line_draws_batch ON invoice_line_draws (batch_id)`);

    await queryRunner.query(`
      CREATE TABLE invoice_payments (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        invoice_id uuid NOT NULL,
        user_id uuid NOT NULL,
        amount numeric(24, 4) NOT NULL,
        payment_method text NOT NULL,
        date timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_invoice_payments PRIMARY KEY (id),
        CONSTRAINT fk_invoice_payments_invoice FOREIGN KEY (invoice_id) REFERENCES invoices (id) ON DELETE CASCADE,
        CONSTRAINT fk_invoice_payments_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT,
        CONSTRAINT ck_invoice_payments_method CHECK (payment_method IN ('Cash', 'Card', 'Cheque', 'Credit', 'Bank_Transfer'))
      )`);
    await queryRunner.query(`CREATE INDEX ix_invoice_payments_invoice ON invoice_payments (invoice_id)`);
    await queryRunner.query(`
      CREATE TABLE invoice_refunds (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        invoice_id uuid NOT NULL,
        user_id uuid NOT NULL,
        amount numeric(24, 4) NOT NULL,
        items jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_invoice_refunds PRIMARY KEY (id),
        CONSTRAINT fk_invoice_refunds_invoice FOREIGN KEY (invoice_id) REFERENCES invoices (id) ON DELETE CASCADE,
        CONSTRAINT fk_invoice_refunds_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT
      )`);
    await queryRunner.query(`CREATE INDEX ix_invoice_refunds_invoice ON invoice_refunds (invoice_id)`);

    await queryRunner.query(`
      CREATE TABLE transactions (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        location_id uuid NOT NULL,
        user_id uuid NOT NULL,
        invoice_id uuid NULL,
        expense_id uuid NULL,
        transaction_type text NOT NULL,
        amount numeric(24, 4) NOT NULL,
        balance numeric(24, 4) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz NULL,
        deleted_by uuid NULL,
        CONSTRAINT pk_transactions PRIMARY KEY (id),
        CONSTRAINT fk_transactions_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_transactions_location FOREIGN KEY (location_id) REFERENCES locations (id) ON DELETE RESTRICT,
        CONSTRAINT fk_transactions_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT,
        CONSTRAINT fk_transactions_invoice FOREIGN KEY (invoice_id) REFERENCES invoices (id) ON DELETE CASCADE,
        CONSTRAINT ck_transactions_type CHECK (transaction_type IN ('Sale', 'Payment', 'Refund'))
      )`);
    await queryRunner.query(`CREATE INDEX ix_transactions_location_created ON transactions (location_id, created_at)`);
    await queryRunner.query(`CREATE INDEX ix_transactions_invoice ON transactions (invoice_id) WHERE invoice_id IS NOT NULL`);
    await queryRunner.query(`
      CREATE FUNCTION transactions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        -- A business's deletion cascades here from a foreign key (trigger depth > 1): let it through.
        IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN RETURN OLD; END IF;
        RAISE EXCEPTION 'transactions are append-only: post a reversing transaction instead';
      END $$`);
    await queryRunner.query(`CREATE TRIGGER tr_transactions_append_only BEFORE UPDATE OR DELETE ON transactions FOR EACH ROW EXECUTE FUNCTION transactions_append_only()`);

    await queryRunner.query(`
      CREATE TABLE idempotency_keys (
        business_id uuid NOT NULL,
        user_id uuid NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        status integer NULL,
        body jsonb NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_idempotency_keys PRIMARY KEY (business_id, user_id, key),
        CONSTRAINT fk_idempotency_keys_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_idempotency_keys_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE idempotency_keys`);
    await queryRunner.query(`DROP TABLE transactions`);
    await queryRunner.query(`DROP FUNCTION transactions_append_only()`);
    await queryRunner.query(`DROP TABLE invoice_refunds`);
    await queryRunner.query(`DROP TABLE invoice_payments`);
    await queryRunner.query(`DROP TABLE invoice_line_draws`);
    await queryRunner.query(`DROP TABLE invoice_lines`);
    await queryRunner.query(`DROP TABLE invoices`);
    await queryRunner.query(`DROP TABLE invoice_counters`);
    await queryRunner.query(`ALTER TABLE locations DROP COLUMN credit_balance, DROP COLUMN current_balance`);
    await queryRunner.query(`DROP TABLE customers`);
  }
}
