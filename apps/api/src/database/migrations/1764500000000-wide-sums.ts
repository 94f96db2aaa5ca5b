import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Columns that hold sums get room for any sum of valid inputs.
 *
 * - `items.on_hand` is summed by triggers from every live batch of an item. As numeric(16, 3) it
 *   held at most 9,999,999,999,999.999: eleven batches of 999,999,999,999.999 overflowed it in
 *   the trigger and the request answered 500. Each quantity is now at most 1,000,000,000 (the
 *   contracts' MAX_AMOUNT); numeric(28, 3) holds the sum of 10^16 such batches, and keeps the
 *   3 decimals its text shows.
 * - `suppliers.current_balance` and `credit_balance` will be running totals of purchases and
 *   payments (quantity x cost, each at most 10^9): numeric(28, 4), for the same reason, before
 *   anything writes them.
 *
 * Raising a numeric's precision at the same scale is binary compatible: PostgreSQL rewrites no
 * rows.
 */
export class WideSums1764500000000 implements MigrationInterface {
  name = 'WideSums1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE items ALTER COLUMN on_hand TYPE numeric(28, 3)`);
    await queryRunner.query(`ALTER TABLE suppliers ALTER COLUMN current_balance TYPE numeric(28, 4), ALTER COLUMN credit_balance TYPE numeric(28, 4)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE suppliers ALTER COLUMN current_balance TYPE numeric(16, 4), ALTER COLUMN credit_balance TYPE numeric(16, 4)`);
    await queryRunner.query(`ALTER TABLE items ALTER COLUMN on_hand TYPE numeric(16, 3)`);
  }
}
