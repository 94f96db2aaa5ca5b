import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Money and reports (issue 15): transfers between locations with the parts they drew, expenses,
 * and the money book's other kinds of transaction (expenses, capital, withdrawals, transfer costs
 * and reversals).
 *
 * - `transfers`: one item or variant (`item_id`) moved from a source to a destination location.
 *   Pending reserves its quantity at the source at once: the stock service lowers the drawn source
 *   batches' `quantity` (never `quantity_sold`, which stays Σ of the sales' draws), so the stock
 *   can neither be sold nor transferred twice; Completed adds a batch per part at the destination;
 *   Cancelled (or a deleted Pending one) gives every part back to its batch. The status only ever
 *   leaves Pending (`ck_transfers_status_stamps` keeps the stamps in step).
 * - `transfer_parts`: the batch snapshot: each source batch drawn, with the quantity and unit cost
 *   taken, the batch's quantity before the draw (`previous_quantity`), whether only part of the
 *   batch went (`split`), and once arrived the destination batch and its unit cost.
 * - `batches.previous_batch_id` / `previous_location_id` / `transfer_id`: where an arrived batch
 *   came from (it keeps the original batch's cost and supplier).
 * - `expenses`: an amount of one of the nine categories at a location. Cancelled (`cancelled_at`)
 *   stays listed; deleted (`deleted_at`) leaves the lists. Either reverses its money once.
 * - `transactions`: now also Expense, Capital, Withdrawal and Transfer (a transfer cost borne by the
 *   source), linked to their expense or transfer; a correction is a new row whose `reverses_id`
 *   names the row it reverses (at most once: `uq_transactions_reverses`).
 */
export class Money1764900000000 implements MigrationInterface {
  name = 'Money1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE transfers (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        item_id uuid NOT NULL,
        source_location_id uuid NOT NULL,
        destination_location_id uuid NOT NULL,
        transfer_quantity numeric(16, 3) NOT NULL,
        transfer_cost numeric(16, 4) NOT NULL DEFAULT 0,
        cost_incursion text NULL,
        stock_valuation_method text NOT NULL,
        status text NOT NULL DEFAULT 'Pending',
        created_by uuid NOT NULL,
        approved_by uuid NULL,
        denied_by uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz NULL,
        deleted_by uuid NULL,
        CONSTRAINT pk_transfers PRIMARY KEY (id),
        CONSTRAINT fk_transfers_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_transfers_item FOREIGN KEY (item_id) REFERENCES items (id) ON DELETE CASCADE,
        CONSTRAINT fk_transfers_source FOREIGN KEY (source_location_id) REFERENCES locations (id) ON DELETE RESTRICT,
        CONSTRAINT fk_transfers_destination FOREIGN KEY (destination_location_id) REFERENCES locations (id) ON DELETE RESTRICT,
        CONSTRAINT fk_transfers_created_by FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE RESTRICT,
        CONSTRAINT fk_transfers_approved_by FOREIGN KEY (approved_by) REFERENCES users (id) ON DELETE RESTRICT,
        CONSTRAINT fk_transfers_denied_by FOREIGN KEY (denied_by) REFERENCES users (id) ON DELETE RESTRICT,
        CONSTRAINT fk_transfers_deleted_by FOREIGN KEY (deleted_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT ck_transfers_locations CHECK (source_location_id <> destination_location_id),
        CONSTRAINT ck_transfers_quantity CHECK (transfer_quantity > 0),
        CONSTRAINT ck_transfers_cost CHECK (transfer_cost >= 0 AND (transfer_cost = 0 OR cost_incursion IS NOT NULL)),
        CONSTRAINT ck_transfers_incursion CHECK (cost_incursion IS NULL OR cost_incursion IN ('Source', 'Destination', 'Both')),
        CONSTRAINT ck_transfers_method CHECK (stock_valuation_method IN ('FIFO', 'LIFO', 'AVCO')),
        CONSTRAINT ck_transfers_status CHECK (status IN ('Pending', 'Completed', 'Cancelled')),
        CONSTRAINT ck_transfers_status_stamps CHECK (
          (status = 'Pending' AND approved_by IS NULL AND denied_by IS NULL)
          OR (status = 'Completed' AND approved_by IS NOT NULL AND denied_by IS NULL)
          OR (status = 'Cancelled' AND approved_by IS NULL AND denied_by IS NOT NULL)),
        CONSTRAINT ck_transfers_deleted CHECK (deleted_at IS NULL OR status <> 'Completed')
      )`);
    await queryRunner.query(`CREATE INDEX ix_transfers_business_created ON transfers (business_id, created_at) WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX ix_transfers_item ON transfers (item_id)`);

    await queryRunner.query(`
      CREATE TABLE transfer_parts (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        transfer_id uuid NOT NULL,
        ord integer NOT NULL,
        source_batch_id uuid NOT NULL,
        source_location_id uuid NOT NULL,
        quantity numeric(16, 3) NOT NULL,
        cost numeric(16, 4) NOT NULL,
        previous_quantity numeric(16, 3) NOT NULL,
        split boolean NOT NULL,
        arrived_batch_id uuid NULL,
        arrived_cost numeric(16, 4) NULL,
        CONSTRAINT pk_transfer_parts PRIMARY KEY (id),
        CONSTRAINT fk_transfer_parts_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_transfer_parts_transfer FOREIGN KEY (transfer_id) REFERENCES transfers (id) ON DELETE CASCADE,
        CONSTRAINT fk_transfer_parts_source_batch FOREIGN KEY (source_batch_id) REFERENCES batches (id) ON DELETE CASCADE,
        CONSTRAINT fk_transfer_parts_arrived_batch FOREIGN KEY (arrived_batch_id) REFERENCES batches (id) ON DELETE SET NULL,
        CONSTRAINT uq_transfer_parts_ord UNIQUE (transfer_id, ord),
        CONSTRAINT ck_transfer_parts_quantities CHECK (quantity > 0 AND previous_quantity >= quantity),
        CONSTRAINT ck_transfer_parts_costs CHECK (cost >= 0 AND (arrived_cost IS NULL OR arrived_cost >= 0))
      )`);
    await queryRunner.query(`CREATE INDEX ix_transfer_parts_source_batch ON transfer_parts (source_batch_id)`);

    await queryRunner.query(`
      ALTER TABLE batches
        ADD COLUMN previous_batch_id uuid NULL,
        ADD COLUMN previous_location_id uuid NULL,
        ADD COLUMN transfer_id uuid NULL,
        ADD CONSTRAINT fk_batches_previous_batch FOREIGN KEY (previous_batch_id) REFERENCES batches (id) ON DELETE SET NULL,
        ADD CONSTRAINT fk_batches_previous_location FOREIGN KEY (previous_location_id) REFERENCES locations (id) ON DELETE RESTRICT,
        ADD CONSTRAINT fk_batches_transfer FOREIGN KEY (transfer_id) REFERENCES transfers (id) ON DELETE SET NULL`);

    await queryRunner.query(`
      CREATE TABLE expenses (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        location_id uuid NOT NULL,
        user_id uuid NOT NULL,
        amount numeric(16, 4) NOT NULL,
        category text NOT NULL,
        description text NOT NULL DEFAULT '',
        date timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        cancelled_at timestamptz NULL,
        cancelled_by uuid NULL,
        deleted_at timestamptz NULL,
        deleted_by uuid NULL,
        CONSTRAINT pk_expenses PRIMARY KEY (id),
        CONSTRAINT fk_expenses_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_expenses_location FOREIGN KEY (location_id) REFERENCES locations (id) ON DELETE RESTRICT,
        CONSTRAINT fk_expenses_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT,
        CONSTRAINT fk_expenses_cancelled_by FOREIGN KEY (cancelled_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT fk_expenses_deleted_by FOREIGN KEY (deleted_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT ck_expenses_amount CHECK (amount > 0),
        CONSTRAINT ck_expenses_category CHECK (category IN ('Salary', 'Tax', 'Rent', 'Utilities', 'Office Supplies', 'Travel', 'Meals', 'Entertainment', 'Other'))
      )`);
    await queryRunner.query(`CREATE INDEX ix_expenses_business_date ON expenses (business_id, date) WHERE deleted_at IS NULL`);

    await queryRunner.query(`
      ALTER TABLE transactions
        ADD COLUMN transfer_id uuid NULL,
        ADD COLUMN reverses_id uuid NULL,
        ADD CONSTRAINT fk_transactions_expense FOREIGN KEY (expense_id) REFERENCES expenses (id) ON DELETE CASCADE,
        ADD CONSTRAINT fk_transactions_transfer FOREIGN KEY (transfer_id) REFERENCES transfers (id) ON DELETE CASCADE,
        ADD CONSTRAINT fk_transactions_reverses FOREIGN KEY (reverses_id) REFERENCES transactions (id) ON DELETE CASCADE,
        ADD CONSTRAINT uq_transactions_reverses UNIQUE (reverses_id),
        DROP CONSTRAINT ck_transactions_type,
        ADD CONSTRAINT ck_transactions_type CHECK (transaction_type IN ('Sale', 'Payment', 'Refund', 'Expense', 'Capital', 'Withdrawal', 'Transfer'))`);
    await queryRunner.query(`CREATE INDEX ix_transactions_expense ON transactions (expense_id) WHERE expense_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX ix_transactions_transfer ON transactions (transfer_id) WHERE transfer_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX ix_transactions_business_created ON transactions (business_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX ix_transactions_business_created`);
    await queryRunner.query(`DROP INDEX ix_transactions_transfer`);
    await queryRunner.query(`DROP INDEX ix_transactions_expense`);
    await queryRunner.query(`
      ALTER TABLE transactions
        DROP CONSTRAINT ck_transactions_type,
        ADD CONSTRAINT ck_transactions_type CHECK (transaction_type IN ('Sale', 'Payment', 'Refund')),
        DROP CONSTRAINT uq_transactions_reverses,
        DROP CONSTRAINT fk_transactions_reverses,
        DROP CONSTRAINT fk_transactions_transfer,
        DROP CONSTRAINT fk_transactions_expense,
        DROP COLUMN reverses_id,
        DROP COLUMN transfer_id`);
    await queryRunner.query(`DROP TABLE expenses`);
    await queryRunner.query(`ALTER TABLE batches DROP COLUMN transfer_id, DROP COLUMN previous_location_id, DROP COLUMN previous_batch_id`);
    await queryRunner.query(`DROP TABLE transfer_parts`);
    await queryRunner.query(`DROP TABLE transfers`);
  }
}
