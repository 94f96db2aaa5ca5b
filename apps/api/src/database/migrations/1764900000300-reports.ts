import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports (issue 15, rule 6): indexes that let profit and loss read a year without touching a
 * table row. The report sums figures by day and location over a range, so each index leads with
 * the business and the instant the figure is dated by, and INCLUDEs what is summed: PostgreSQL
 * answers from the index alone (an index-only scan, once vacuum has marked the pages all-visible).
 *
 * - `ix_invoices_report`: live invoices (cancelled ones count nothing) with their location, grand
 *   total and cost. Invoices carry their totals, kept current by refunds, so the report never reads
 *   the lines (a million lines a year is about a third as many invoices).
 * - `ix_transactions_transfer_costs`: only Transfer transactions (the source's share of transfer
 *   costs); without it the report would walk every sale and payment of the range to find them.
 * - `ix_transfers_completed`: completed transfers by the time they completed (updated_at: a completed
 *   transfer never changes again), for the destination's capitalised share.
 * Expenses already have `ix_expenses_business_date`.
 */
export class Reports1764900000300 implements MigrationInterface {
  name = 'Reports1764900000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX ix_invoices_report ON invoices (business_id, created_at) INCLUDE (location_id, grand_total, total_cost) WHERE deleted_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX ix_transactions_transfer_costs ON transactions (business_id, created_at) INCLUDE (location_id, amount) WHERE transaction_type = 'Transfer'`,
    );
    await queryRunner.query(`CREATE INDEX ix_transfers_completed ON transfers (business_id, updated_at) WHERE status = 'Completed'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX ix_transfers_completed`);
    await queryRunner.query(`DROP INDEX ix_transactions_transfer_costs`);
    await queryRunner.query(`DROP INDEX ix_invoices_report`);
  }
}
