import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tax (issue 21, rule 2; the arithmetic is the domain's tax.ts).
 *
 * - `businesses.prices_include_tax`: VAT style (true) or tax added to prices (false, the default:
 *   a business with no rates sells exactly as before).
 * - `tax_rates`: a business's named rates, a percent from 0 to 100 with 4 places. A rate in use (by
 *   a location's default or an item's choice) cannot be deleted (the service says by whom; the
 *   foreign keys hold it); invoices keep the name and percent they were sold at.
 * - `locations.tax_rate_id`: the location's default rate. `items.tax_rate_id` / `items.tax_exempt`:
 *   an item's or variant's own choice (neither: its item's, then the location's).
 * - `invoices.prices_include_tax` and `total_tax` as sold and refunded; each line keeps its rate's
 *   id, name and percent (`tax_rate`, 0 for none). A line's tax is computed from its figures.
 * - `report_sales_hours.tax`: Σ total_tax beside revenue, so profit and loss reports sales net
 *   of tax and the tax collected; the trigger also follows total_tax.
 */
export class Tax1765100000000 implements MigrationInterface {
  name = 'Tax1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE businesses ADD COLUMN prices_include_tax boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`
      CREATE TABLE tax_rates (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        name text NOT NULL,
        rate numeric(7, 4) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_tax_rates PRIMARY KEY (id),
        CONSTRAINT uq_tax_rates_business_id UNIQUE (business_id, id),
        CONSTRAINT fk_tax_rates_business FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE,
        CONSTRAINT ck_tax_rates_rate CHECK (rate >= 0 AND rate <= 100)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX uq_tax_rates_business_name ON tax_rates (business_id, lower(name))`);
    await queryRunner.query(`
      ALTER TABLE locations ADD COLUMN tax_rate_id uuid NULL,
        ADD CONSTRAINT fk_locations_tax_rate FOREIGN KEY (business_id, tax_rate_id) REFERENCES tax_rates (business_id, id)`);
    await queryRunner.query(`
      ALTER TABLE items ADD COLUMN tax_rate_id uuid NULL, ADD COLUMN tax_exempt boolean NOT NULL DEFAULT false,
        ADD CONSTRAINT fk_items_tax_rate FOREIGN KEY (business_id, tax_rate_id) REFERENCES tax_rates (business_id, id),
        ADD CONSTRAINT ck_items_tax_choice CHECK (NOT (tax_exempt AND tax_rate_id IS NOT NULL))`);
    await queryRunner.query(`CREATE INDEX ix_items_tax_rate ON items (tax_rate_id) WHERE tax_rate_id IS NOT NULL`);
    await queryRunner.query(`
      ALTER TABLE invoices ADD COLUMN prices_include_tax boolean NOT NULL DEFAULT false, ADD COLUMN total_tax numeric(24, 4) NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      ALTER TABLE invoice_lines ADD COLUMN tax_rate_id uuid NULL, ADD COLUMN tax_name text NULL, ADD COLUMN tax_rate numeric(7, 4) NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE report_sales_hours ADD COLUMN tax numeric(24, 4) NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION report_sales_hours_apply() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF TG_OP = 'UPDATE' AND OLD.grand_total = NEW.grand_total AND OLD.total_cost = NEW.total_cost AND OLD.total_tax = NEW.total_tax
           AND OLD.created_at = NEW.created_at AND OLD.location_id = NEW.location_id AND (OLD.deleted_at IS NULL) = (NEW.deleted_at IS NULL) THEN
          RETURN NULL;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
          UPDATE report_sales_hours SET revenue = revenue - OLD.grand_total, cost = cost - OLD.total_cost, tax = tax - OLD.total_tax, invoices = invoices - 1
           WHERE business_id = OLD.business_id AND hour = date_trunc('hour', OLD.created_at, 'UTC') AND location_id = OLD.location_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
          INSERT INTO report_sales_hours (business_id, location_id, hour, revenue, cost, tax, invoices)
          VALUES (NEW.business_id, NEW.location_id, date_trunc('hour', NEW.created_at, 'UTC'), NEW.grand_total, NEW.total_cost, NEW.total_tax, 1)
          ON CONFLICT (business_id, hour, location_id) DO UPDATE
            SET revenue = report_sales_hours.revenue + EXCLUDED.revenue, cost = report_sales_hours.cost + EXCLUDED.cost,
                tax = report_sales_hours.tax + EXCLUDED.tax, invoices = report_sales_hours.invoices + 1;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`DROP TRIGGER tr_invoices_report_sales_hours ON invoices`);
    await queryRunner.query(
      `CREATE TRIGGER tr_invoices_report_sales_hours AFTER INSERT OR DELETE OR UPDATE OF grand_total, total_cost, total_tax, created_at, location_id, deleted_at ON invoices
       FOR EACH ROW EXECUTE FUNCTION report_sales_hours_apply()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER tr_invoices_report_sales_hours ON invoices`);
    await queryRunner.query(
      `CREATE TRIGGER tr_invoices_report_sales_hours AFTER INSERT OR DELETE OR UPDATE OF grand_total, total_cost, created_at, location_id, deleted_at ON invoices
       FOR EACH ROW EXECUTE FUNCTION report_sales_hours_apply()`,
    );
    await queryRunner.query(`ALTER TABLE report_sales_hours DROP COLUMN tax`);
    await queryRunner.query(`ALTER TABLE invoice_lines DROP COLUMN tax_rate_id, DROP COLUMN tax_name, DROP COLUMN tax_rate`);
    await queryRunner.query(`ALTER TABLE invoices DROP COLUMN prices_include_tax, DROP COLUMN total_tax`);
    await queryRunner.query(`ALTER TABLE items DROP COLUMN tax_rate_id, DROP COLUMN tax_exempt`);
    await queryRunner.query(`ALTER TABLE locations DROP COLUMN tax_rate_id`);
    await queryRunner.query(`DROP TABLE tax_rates`);
    await queryRunner.query(`ALTER TABLE businesses DROP COLUMN prices_include_tax`);
  }
}
