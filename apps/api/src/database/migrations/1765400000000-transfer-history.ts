import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two facts the screens show from real data (issue 24):
 *
 * A transfer's history (issue 24, rule 5: "a transfer's page with its lines, snapshot and
 * history"): when it was completed or cancelled, beside when it was created and deleted. Rows
 * from before take their last update for it, the time their status last changed (a cancelled one
 * deleted since took its deletion's: the best there is).
 *
 * When the business last printed a test receipt (the getting-started list's step, ticked by it).
 *
 * And an index of pending transfers by destination: the inventory's in-transit figures are read
 * again on every stock change, and must not walk every transfer a business ever made.
 */
export class TransferHistory1765400000000 implements MigrationInterface {
  name = 'TransferHistory1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE transfers ADD COLUMN completed_at timestamptz NULL, ADD COLUMN cancelled_at timestamptz NULL`);
    await queryRunner.query(`UPDATE transfers SET completed_at = updated_at WHERE status = 'Completed'`);
    await queryRunner.query(`UPDATE transfers SET cancelled_at = updated_at WHERE status = 'Cancelled'`);
    await queryRunner.query(`ALTER TABLE businesses ADD COLUMN test_receipt_printed_at timestamptz NULL`);
    await queryRunner.query(`CREATE INDEX ix_transfers_pending ON transfers (business_id, destination_location_id) WHERE status = 'Pending' AND deleted_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX ix_transfers_pending`);
    await queryRunner.query(`ALTER TABLE businesses DROP COLUMN test_receipt_printed_at`);
    await queryRunner.query(`ALTER TABLE transfers DROP COLUMN completed_at, DROP COLUMN cancelled_at`);
  }
}
