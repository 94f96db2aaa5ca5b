import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order of the payments taken with one sale (issue 21): they share their date and creation
 * time (one statement), so `position` keeps them in the order the cashier took them (cash, then
 * card), for the invoice, the receipt and the public page. Later payments keep 0 and follow by date.
 */
export class PaymentOrder1765000000100 implements MigrationInterface {
  name = 'PaymentOrder1765000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE invoice_payments ADD COLUMN position integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE invoice_payments DROP COLUMN position`);
  }
}
