import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Columns that hold sums get the widest precision PostgreSQL has (1000 digits), so no sum of valid
 * inputs can overflow them, and keep their scale, so amounts still read with their decimals ("0.0000").
 *
 * - `items.on_hand` is summed by triggers from every live batch of an item. Each batch quantity is
 *   at most 1,000,000,000 (the contracts' MAX_AMOUNT), but an item may have any number of
 *   batches: as numeric(16, 3) the eleventh batch of 999,999,999,999.999 failed in the trigger,
 *   and the request answered 500. numeric(1000, 3) is exact and holds any such sum; the API
 *   still writes quantities with 3 decimals, so the sum has at most 3.
 * - `suppliers.current_balance` and `credit_balance` will be running totals of purchases and
 *   payments; the same reasoning applies before anything writes them.
 *
 * Raising a numeric's precision at the same scale is binary compatible: PostgreSQL rewrites no rows.
 */
export class UnboundedSums1764500000000 implements MigrationInterface {
  name = 'UnboundedSums1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE items ALTER COLUMN on_hand TYPE numeric(1000, 3)`);
    await queryRunner.query(`ALTER TABLE suppliers ALTER COLUMN current_balance TYPE numeric(1000, 4), ALTER COLUMN credit_balance TYPE numeric(1000, 4)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE suppliers ALTER COLUMN current_balance TYPE numeric(16, 4), ALTER COLUMN credit_balance TYPE numeric(16, 4)`);
    await queryRunner.query(`ALTER TABLE items ALTER COLUMN on_hand TYPE numeric(16, 3)`);
  }
}
