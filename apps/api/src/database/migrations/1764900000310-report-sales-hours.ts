import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports (issue 15, rule 6): live sales summed per location and UTC hour, so a year of profit and
 * loss reads ~44k hour rows (5 locations) instead of every invoice (the bench's 333k).
 *
 * - `report_sales_hours`: per business, location and hour (date_trunc('hour', created_at, 'UTC')),
 *   Σ grand_total, Σ total_cost and the count of the live (not cancelled) invoices created in it.
 *   Kept by a trigger on invoices in the same transaction as the sale, refund or cancellation, so it
 *   is always exactly Σ of its invoices (a refund changes grand_total and total_cost in place;
 *   a cancellation sets deleted_at).
 * - Why hours and not days: a day is the reader's (any IANA time zone), and every zone's midnight is
 *   on a UTC hour or half or quarter hour. The report takes an hour from here when the whole hour
 *   lies within the range and within one local day, and reads the invoices themselves for the rest
 *   (the edges of the range, and the hour that holds midnight in a zone like Asia/Colombo, +5:30).
 * - Locks: the trigger's upsert takes the hour row's lock before the ledger locks the location's row
 *   (a sale, refund or cancellation writes the invoice first), the order every writer follows, and
 *   sales at one location already queue on that location's row, so it adds no wait of its own.
 *   Payments and numbering do not change the summed columns and do not touch it.
 */
export class ReportSalesHours1764900000310 implements MigrationInterface {
  name = 'ReportSalesHours1764900000310';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE report_sales_hours (
        business_id uuid NOT NULL,
        location_id uuid NOT NULL,
        hour timestamptz NOT NULL,
        revenue numeric(24, 4) NOT NULL DEFAULT 0,
        cost numeric(24, 4) NOT NULL DEFAULT 0,
        invoices integer NOT NULL DEFAULT 0,
        CONSTRAINT pk_report_sales_hours PRIMARY KEY (business_id, hour, location_id),
        CONSTRAINT fk_report_sales_hours_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT fk_report_sales_hours_location FOREIGN KEY (location_id) REFERENCES locations (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE FUNCTION report_sales_hours_apply() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF TG_OP = 'UPDATE' AND OLD.grand_total = NEW.grand_total AND OLD.total_cost = NEW.total_cost AND OLD.created_at = NEW.created_at
           AND OLD.location_id = NEW.location_id AND (OLD.deleted_at IS NULL) = (NEW.deleted_at IS NULL) THEN
          RETURN NULL;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
          UPDATE report_sales_hours SET revenue = revenue - OLD.grand_total, cost = cost - OLD.total_cost, invoices = invoices - 1
           WHERE business_id = OLD.business_id AND hour = date_trunc('hour', OLD.created_at, 'UTC') AND location_id = OLD.location_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
          INSERT INTO report_sales_hours (business_id, location_id, hour, revenue, cost, invoices)
          VALUES (NEW.business_id, NEW.location_id, date_trunc('hour', NEW.created_at, 'UTC'), NEW.grand_total, NEW.total_cost, 1)
          ON CONFLICT (business_id, hour, location_id) DO UPDATE
            SET revenue = report_sales_hours.revenue + EXCLUDED.revenue, cost = report_sales_hours.cost + EXCLUDED.cost, invoices = report_sales_hours.invoices + 1;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER tr_invoices_report_sales_hours AFTER INSERT OR DELETE OR UPDATE OF grand_total, total_cost, created_at, location_id, deleted_at ON invoices
       FOR EACH ROW EXECUTE FUNCTION report_sales_hours_apply()`,
    );
    await queryRunner.query(`
      INSERT INTO report_sales_hours (business_id, location_id, hour, revenue, cost, invoices)
      SELECT business_id, location_id, date_trunc('hour', created_at, 'UTC'), sum(grand_total), sum(total_cost), count(*)
        FROM invoices WHERE deleted_at IS NULL GROUP BY 1, 2, 3`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER tr_invoices_report_sales_hours ON invoices`);
    await queryRunner.query(`DROP FUNCTION report_sales_hours_apply()`);
    await queryRunner.query(`DROP TABLE report_sales_hours`);
  }
}
