import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the owner wrote when putting capital in or taking money out (issue 22, rule 5): kept on the
 * transaction itself, so the money book shows it beside the amount (it was only in the activity log).
 */
export class TransactionNotes1765000000200 implements MigrationInterface {
  name = 'TransactionNotes1765000000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE transactions ADD COLUMN description text NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE transactions DROP COLUMN description`);
  }
}
