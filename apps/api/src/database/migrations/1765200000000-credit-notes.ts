import type { MigrationInterface, QueryRunner } from 'typeorm';
import { planRefund, withReturns, type CurrencyCode, type RecordedInvoice } from '@stockbook/domain';

/**
 * Credit notes (issue 22, rule 1): a refund is its own document, and reports count it on its own day.
 *
 * - `credit_notes`: one per refund, numbered 1, 2, 3, ... per business without gaps from
 *   `credit_note_counters` (its own row, so refunds never wait on the business's sales), with the
 *   figures it took off its invoice (before less after) and the money paid back. `voided_at` is set
 *   when its invoice is cancelled: the cancellation takes the whole sale out of the reports, the
 *   credit notes' part with it. `credit_note_lines`: the invoice lines and quantities taken back,
 *   each with its value, tax and the cost of the stock returned.
 * - `invoices.refunded_grand_total / _total_tax / _total_cost`: Σ its credit notes. The invoice's
 *   own figures stay the net ones (sold less credited), so sold = net + refunded.
 * - `report_sales_hours`: an invoice now counts what it SOLD in the hour of the sale (net +
 *   refunded: a refund no longer moves the sale's own day), and a live credit note counts minus
 *   its figures in the hour it was made, with no invoice of its own. The sale's and the credit
 *   note's hours are each written by their own row's trigger, in the same transaction.
 * - The refunds recorded before (`invoice_refunds`) become credit notes: each invoice's refunds are
 *   replayed in order through the domain's planRefund (the rule they were made under), numbered per
 *   business in the order they were made; then `invoice_refunds` goes.
 * - `invoices.refunded` now means refunded in full (the screens say "Partly refunded" otherwise).
 */
export class CreditNotes1765200000000 implements MigrationInterface {
  name = 'CreditNotes1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE credit_note_counters (
        business_id uuid NOT NULL,
        last_number integer NOT NULL DEFAULT 0,
        CONSTRAINT pk_credit_note_counters PRIMARY KEY (business_id),
        CONSTRAINT fk_credit_note_counters_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE credit_notes (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        location_id uuid NOT NULL,
        invoice_id uuid NOT NULL,
        credit_note_number integer NOT NULL,
        user_id uuid NOT NULL,
        total_amount numeric(24, 4) NOT NULL,
        total_discount numeric(24, 4) NOT NULL,
        total_quantity numeric(28, 3) NOT NULL,
        total_tax numeric(24, 4) NOT NULL,
        grand_total numeric(24, 4) NOT NULL,
        total_cost numeric(24, 4) NOT NULL,
        amount_paid_back numeric(24, 4) NOT NULL,
        payment_method text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        voided_at timestamptz NULL,
        CONSTRAINT pk_credit_notes PRIMARY KEY (id),
        CONSTRAINT fk_credit_notes_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_credit_notes_location FOREIGN KEY (location_id) REFERENCES locations (id) ON DELETE RESTRICT,
        CONSTRAINT fk_credit_notes_invoice FOREIGN KEY (invoice_id) REFERENCES invoices (id) ON DELETE CASCADE,
        CONSTRAINT fk_credit_notes_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT,
        CONSTRAINT ck_credit_notes_payment_method CHECK (payment_method IS NULL OR payment_method IN ('Cash', 'Card', 'Cheque', 'Bank_Transfer')),
        CONSTRAINT ck_credit_notes_money CHECK (grand_total >= 0 AND amount_paid_back >= 0 AND amount_paid_back <= grand_total)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_credit_notes_business_number ON credit_notes (business_id, credit_note_number)`);
    await queryRunner.query(`CREATE INDEX ix_credit_notes_invoice ON credit_notes (invoice_id)`);
    await queryRunner.query(`CREATE INDEX ix_credit_notes_business_created ON credit_notes (business_id, created_at) WHERE voided_at IS NULL`);
    await queryRunner.query(`
      CREATE TABLE credit_note_lines (
        credit_note_id uuid NOT NULL,
        line_id uuid NOT NULL,
        quantity numeric(16, 3) NOT NULL,
        total numeric(24, 4) NOT NULL,
        tax numeric(24, 4) NOT NULL,
        cost numeric(24, 4) NOT NULL,
        CONSTRAINT pk_credit_note_lines PRIMARY KEY (credit_note_id, line_id),
        CONSTRAINT fk_credit_note_lines_note FOREIGN KEY (credit_note_id) REFERENCES credit_notes (id) ON DELETE CASCADE,
        CONSTRAINT fk_credit_note_lines_line FOREIGN KEY (line_id) REFERENCES invoice_lines (id) ON DELETE CASCADE,
        CONSTRAINT ck_credit_note_lines_quantity CHECK (quantity > 0)
      )`);
    await queryRunner.query(`CREATE INDEX ix_credit_note_lines_line ON credit_note_lines (line_id)`);
    await queryRunner.query(`
      ALTER TABLE invoices ADD COLUMN refunded_grand_total numeric(24, 4) NOT NULL DEFAULT 0, ADD COLUMN refunded_total_tax numeric(24, 4) NOT NULL DEFAULT 0,
        ADD COLUMN refunded_total_cost numeric(24, 4) NOT NULL DEFAULT 0`);

    // An invoice counts what it sold, in the hour of the sale.
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION report_sales_hours_apply() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF TG_OP = 'UPDATE' AND OLD.grand_total + OLD.refunded_grand_total = NEW.grand_total + NEW.refunded_grand_total
           AND OLD.total_cost + OLD.refunded_total_cost = NEW.total_cost + NEW.refunded_total_cost AND OLD.total_tax + OLD.refunded_total_tax = NEW.total_tax + NEW.refunded_total_tax
           AND OLD.created_at = NEW.created_at AND OLD.location_id = NEW.location_id AND (OLD.deleted_at IS NULL) = (NEW.deleted_at IS NULL) THEN
          RETURN NULL;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
          UPDATE report_sales_hours SET revenue = revenue - (OLD.grand_total + OLD.refunded_grand_total), cost = cost - (OLD.total_cost + OLD.refunded_total_cost),
                 tax = tax - (OLD.total_tax + OLD.refunded_total_tax), invoices = invoices - 1
           WHERE business_id = OLD.business_id AND hour = date_trunc('hour', OLD.created_at, 'UTC') AND location_id = OLD.location_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
          INSERT INTO report_sales_hours (business_id, location_id, hour, revenue, cost, tax, invoices)
          VALUES (NEW.business_id, NEW.location_id, date_trunc('hour', NEW.created_at, 'UTC'), NEW.grand_total + NEW.refunded_grand_total,
                  NEW.total_cost + NEW.refunded_total_cost, NEW.total_tax + NEW.refunded_total_tax, 1)
          ON CONFLICT (business_id, hour, location_id) DO UPDATE
            SET revenue = report_sales_hours.revenue + EXCLUDED.revenue, cost = report_sales_hours.cost + EXCLUDED.cost,
                tax = report_sales_hours.tax + EXCLUDED.tax, invoices = report_sales_hours.invoices + 1;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`DROP TRIGGER tr_invoices_report_sales_hours ON invoices`);
    await queryRunner.query(
      `CREATE TRIGGER tr_invoices_report_sales_hours AFTER INSERT OR DELETE OR UPDATE OF grand_total, total_cost, total_tax, refunded_grand_total, refunded_total_cost,
         refunded_total_tax, created_at, location_id, deleted_at ON invoices FOR EACH ROW EXECUTE FUNCTION report_sales_hours_apply()`,
    );
    // A live credit note counts minus what it took off, in the hour it was made (kept through
    // voiding, re-dating and deletion as the invoice's trigger keeps a sale).
    await queryRunner.query(`
      CREATE FUNCTION report_credit_notes_apply() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF TG_OP = 'UPDATE' AND OLD.grand_total = NEW.grand_total AND OLD.total_cost = NEW.total_cost AND OLD.total_tax = NEW.total_tax
           AND OLD.created_at = NEW.created_at AND OLD.location_id = NEW.location_id AND (OLD.voided_at IS NULL) = (NEW.voided_at IS NULL) THEN
          RETURN NULL;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.voided_at IS NULL THEN
          UPDATE report_sales_hours SET revenue = revenue + OLD.grand_total, cost = cost + OLD.total_cost, tax = tax + OLD.total_tax
           WHERE business_id = OLD.business_id AND hour = date_trunc('hour', OLD.created_at, 'UTC') AND location_id = OLD.location_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.voided_at IS NULL THEN
          INSERT INTO report_sales_hours (business_id, location_id, hour, revenue, cost, tax, invoices)
          VALUES (NEW.business_id, NEW.location_id, date_trunc('hour', NEW.created_at, 'UTC'), -NEW.grand_total, -NEW.total_cost, -NEW.total_tax, 0)
          ON CONFLICT (business_id, hour, location_id) DO UPDATE
            SET revenue = report_sales_hours.revenue + EXCLUDED.revenue, cost = report_sales_hours.cost + EXCLUDED.cost, tax = report_sales_hours.tax + EXCLUDED.tax;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER tr_credit_notes_report_sales_hours AFTER INSERT OR DELETE OR UPDATE OF grand_total, total_cost, total_tax, created_at, location_id, voided_at ON credit_notes
       FOR EACH ROW EXECUTE FUNCTION report_credit_notes_apply()`,
    );

    await this.replayRefunds(queryRunner);
    await queryRunner.query(`DROP TABLE invoice_refunds`);
  }

  /** Every recorded refund as a credit note, each invoice's in order (see the header). */
  private async replayRefunds(queryRunner: QueryRunner): Promise<void> {
    const refunds = (await queryRunner.query(
      `SELECT r.invoice_id, r.user_id, r.amount::text AS amount, r.items, r.created_at, i.business_id, i.location_id, i.prices_include_tax, i.deleted_at,
              b.currency
         FROM invoice_refunds r JOIN invoices i ON i.id = r.invoice_id JOIN businesses b ON b.id = i.business_id
        ORDER BY i.business_id, r.created_at, r.id`,
    )) as {
      invoice_id: string;
      user_id: string;
      amount: string;
      items: { lineID: string; quantity: string }[];
      created_at: Date;
      business_id: string;
      location_id: string;
      prices_include_tax: boolean;
      deleted_at: Date | null;
      currency: CurrencyCode;
    }[];
    const invoices = new Map<string, RecordedInvoice>();
    const numbers = new Map<string, number>();
    for (const refund of refunds) {
      let invoice = invoices.get(refund.invoice_id);
      if (!invoice) {
        const lines = (await queryRunner.query(
          `SELECT l.id, l.price::text AS price, l.discount::text AS discount, l.tax_rate::text AS tax_rate,
                  coalesce((SELECT json_agg(json_build_object('batchId', d.batch_id, 'quantity', d.quantity::text, 'unitCost', d.unit_cost::text, 'returned', '0') ORDER BY d.position)
                              FROM invoice_line_draws d WHERE d.line_id = l.id), '[]') AS draws
             FROM invoice_lines l WHERE l.invoice_id = $1 ORDER BY l.position`,
          [refund.invoice_id],
        )) as { id: string; price: string; discount: string; tax_rate: string; draws: RecordedInvoice['lines'][number]['draws'] }[];
        invoice = {
          paidAmount: null,
          pricesIncludeTax: refund.prices_include_tax,
          lines: lines.map((line) => ({ lineId: line.id, price: line.price, discount: line.discount, taxRate: line.tax_rate, draws: line.draws })),
        };
      }
      const plan = planRefund(invoice, { lines: refund.items.map((item) => ({ lineId: item.lineID, quantity: item.quantity })), amount: null }, refund.currency);
      if (!plan.ok) throw new Error(`The refund of invoice ${refund.invoice_id} made at ${refund.created_at.toISOString()} cannot be replayed: ${plan.problem.message}`);
      invoices.set(refund.invoice_id, { ...invoice, lines: withReturns(invoice.lines, plan.returns) });
      const number = (numbers.get(refund.business_id) ?? 0) + 1;
      numbers.set(refund.business_id, number);
      const note = plan.creditNote;
      const [{ id }] = (await queryRunner.query(
        `INSERT INTO credit_notes (business_id, location_id, invoice_id, credit_note_number, user_id, total_amount, total_discount, total_quantity, total_tax, grand_total,
                                   total_cost, amount_paid_back, created_at, voided_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
        [
          refund.business_id, refund.location_id, refund.invoice_id, number, refund.user_id, note.totalAmount, note.totalDiscount, note.totalQuantity, note.totalTax,
          note.grandTotal, note.totalCost, refund.amount, refund.created_at, refund.deleted_at,
        ],
      )) as { id: string }[];
      await queryRunner.query(
        `INSERT INTO credit_note_lines (credit_note_id, line_id, quantity, total, tax, cost)
         SELECT $1, * FROM unnest($2::uuid[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[])`,
        [id, note.lines.map((l) => l.lineId), note.lines.map((l) => l.quantity), note.lines.map((l) => l.total), note.lines.map((l) => l.tax), note.lines.map((l) => l.cost)],
      );
    }
    await queryRunner.query(
      `INSERT INTO credit_note_counters (business_id, last_number) SELECT business_id, max(credit_note_number) FROM credit_notes GROUP BY business_id
       ON CONFLICT (business_id) DO UPDATE SET last_number = greatest(credit_note_counters.last_number, EXCLUDED.last_number)`,
    );
    // Σ the credit notes on their invoices (the invoice trigger moves the sold part back onto the sale's hour).
    await queryRunner.query(
      `UPDATE invoices i SET refunded_grand_total = c.grand_total, refunded_total_tax = c.total_tax, refunded_total_cost = c.total_cost
         FROM (SELECT invoice_id, sum(grand_total) AS grand_total, sum(total_tax) AS total_tax, sum(total_cost) AS total_cost FROM credit_notes GROUP BY invoice_id) c
        WHERE i.id = c.invoice_id`,
    );
    await queryRunner.query(
      `UPDATE invoices i SET refunded = NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l.invoice_id = i.id AND l.refunded_quantity < l.quantity) WHERE i.refunded`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Credit notes cannot be turned back into in-place refunds.');
  }
}
