import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments at the counter (issue 21, rule 3).
 *
 * - `invoice_payments` holds every payment now, the ones taken with the sale too (`at_sale`), with
 *   the cash `tendered` when the cashier typed it (the change, tendered - amount, is handed back and
 *   never booked). Invoices of before: their Sale transaction, when it moved money, becomes their
 *   at-sale payment (a Credit invoice's money was taken as cash then: it is recorded as Cash).
 * - `transactions.payment_method`: how money received or paid back on an invoice moved (Cash,
 *   Card, Cheque, Bank_Transfer), so a location's till can count its cash apart. Filled for the
 *   transactions of before from their invoice (Sale, Refund) or their payment (Payment, matched in
 *   order); the append-only trigger is held for that one update.
 */
export class CounterPayments1765000000000 implements MigrationInterface {
  name = 'CounterPayments1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE invoice_payments
        ADD COLUMN at_sale boolean NOT NULL DEFAULT false,
        ADD COLUMN tendered numeric(24, 4) NULL,
        ADD CONSTRAINT ck_invoice_payments_tendered CHECK (tendered IS NULL OR (payment_method = 'Cash' AND tendered >= amount))`);
    await queryRunner.query(`
      ALTER TABLE transactions
        ADD COLUMN payment_method text NULL,
        ADD CONSTRAINT ck_transactions_payment_method CHECK (payment_method IS NULL OR payment_method IN ('Cash', 'Card', 'Cheque', 'Bank_Transfer'))`);
    await queryRunner.query(`
      INSERT INTO invoice_payments (invoice_id, user_id, amount, payment_method, date, created_at, at_sale)
      SELECT t.invoice_id, i.user_id, t.amount, CASE WHEN i.payment_method = 'Credit' THEN 'Cash' ELSE i.payment_method END, i.created_at, i.created_at, true
        FROM transactions t JOIN invoices i ON i.id = t.invoice_id
       WHERE t.transaction_type = 'Sale' AND t.amount > 0`);
    await queryRunner.query(`ALTER TABLE transactions DISABLE TRIGGER tr_transactions_append_only`);
    await queryRunner.query(`
      UPDATE transactions t SET payment_method = CASE WHEN i.payment_method = 'Credit' THEN 'Cash' ELSE i.payment_method END
        FROM invoices i WHERE i.id = t.invoice_id AND t.transaction_type IN ('Sale', 'Refund')`);
    await queryRunner.query(`
      WITH paid AS (
             SELECT id, invoice_id, row_number() OVER (PARTITION BY invoice_id ORDER BY created_at, id) AS n FROM transactions WHERE transaction_type = 'Payment'),
           later AS (
             SELECT invoice_id, payment_method, row_number() OVER (PARTITION BY invoice_id ORDER BY created_at, id) AS n FROM invoice_payments WHERE NOT at_sale)
      UPDATE transactions t SET payment_method = CASE WHEN later.payment_method = 'Credit' THEN 'Cash' ELSE later.payment_method END
        FROM paid JOIN later ON later.invoice_id = paid.invoice_id AND later.n = paid.n
       WHERE t.id = paid.id`);
    await queryRunner.query(`ALTER TABLE transactions ENABLE TRIGGER tr_transactions_append_only`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM invoice_payments WHERE at_sale`);
    await queryRunner.query(`ALTER TABLE invoice_payments DROP COLUMN tendered, DROP COLUMN at_sale`);
    await queryRunner.query(`ALTER TABLE transactions DROP COLUMN payment_method`);
  }
}
