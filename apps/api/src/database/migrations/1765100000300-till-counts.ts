import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Till counts (issue 22, rule 5; the rule is the domain's till.ts): each count of a location's
 * cash, with what was expected, what was counted, the difference, who counted and when, and the
 * Till transaction (in cash) that booked the difference, when there was one.
 */
export class TillCounts1765100000300 implements MigrationInterface {
  name = 'TillCounts1765100000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE transactions DROP CONSTRAINT ck_transactions_type,
        ADD CONSTRAINT ck_transactions_type CHECK (transaction_type IN ('Sale', 'Payment', 'Refund', 'Expense', 'Capital', 'Withdrawal', 'Transfer', 'Till'))`);
    await queryRunner.query(`
      CREATE TABLE till_counts (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        location_id uuid NOT NULL,
        user_id uuid NOT NULL,
        expected numeric(24, 4) NOT NULL,
        counted numeric(24, 4) NOT NULL,
        difference numeric(24, 4) NOT NULL,
        note text NOT NULL DEFAULT '',
        transaction_id uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_till_counts PRIMARY KEY (id),
        CONSTRAINT fk_till_counts_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_till_counts_location FOREIGN KEY (location_id) REFERENCES locations (id) ON DELETE CASCADE,
        CONSTRAINT fk_till_counts_user FOREIGN KEY (user_id) REFERENCES users (id),
        CONSTRAINT fk_till_counts_transaction FOREIGN KEY (transaction_id) REFERENCES transactions (id),
        CONSTRAINT ck_till_counts_difference CHECK (difference = counted - expected AND counted >= 0)
      )`);
    await queryRunner.query(`CREATE INDEX ix_till_counts_location ON till_counts (business_id, location_id, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX ix_transactions_location_cash ON transactions (location_id) INCLUDE (amount) WHERE payment_method = 'Cash'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX ix_transactions_location_cash`);
    await queryRunner.query(`DROP TABLE till_counts`);
    await queryRunner.query(`
      ALTER TABLE transactions DROP CONSTRAINT ck_transactions_type,
        ADD CONSTRAINT ck_transactions_type CHECK (transaction_type IN ('Sale', 'Payment', 'Refund', 'Expense', 'Capital', 'Withdrawal', 'Transfer')) NOT VALID`);
  }
}
