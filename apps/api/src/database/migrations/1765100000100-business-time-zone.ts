import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The business's time zone (issue 22, rule 4): an IANA name whose calendar days are the business's
 * days (reports, dated lists, the dashboard's today, receipts). Businesses of before keep UTC, the
 * day they have been read in until now.
 */
export class BusinessTimeZone1765100000100 implements MigrationInterface {
  name = 'BusinessTimeZone1765100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE businesses ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE businesses DROP COLUMN time_zone`);
  }
}
