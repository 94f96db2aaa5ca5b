import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DayFigures, ExpenseCategory } from '@stockbook/domain';

export interface ReportRange {
  readonly businessId: string;
  /** The locations counted (already checked and resolved: never empty). */
  readonly locationIds: readonly string[];
  readonly start: Date;
  readonly end: Date;
  /** IANA name: the day of each figure is its calendar day here. */
  readonly timeZone: string;
}

export interface TaxedLineRow {
  invoice_id: string;
  location_id: string;
  prices_include_tax: boolean;
  tax_rate_id: string | null;
  tax_name: string;
  tax_rate: string;
  quantity: string;
  price: string;
  discount: string;
}

export interface CreditedTaxLineRow {
  location_id: string;
  prices_include_tax: boolean;
  tax_rate_id: string | null;
  tax_name: string;
  tax_rate: string;
  /** The value taken back, as the invoice line's total counts it (tax within it when prices include tax). */
  total: string;
  tax: string;
}

/** The day (YYYY-MM-DD) of a timestamptz column in the time zone $5. */
const day = (column: string) => `to_char((${column} AT TIME ZONE $5)::date, 'YYYY-MM-DD')`;

/**
 * Live sales by local day and location, each sale as sold on its day and each credit note (not
 * voided by its invoice's cancellation) less on its own day: the hours of report_sales_hours (migration
 * 1764900000310) that lie whole within the range and one local day ("whole"), plus the invoices
 * themselves of every other hour of the range (its edges, and the hour holding midnight in a zone
 * whose offset is not whole hours), each of those read by the index on (business, created_at).
 * Each hour of the range is placed in its local day once (in `hours`), not once per location.
 */
const SALES_BY_DAY = `
  WITH hours AS MATERIALIZED (
    SELECT h, (h AT TIME ZONE $5)::date AS day,
           h >= $3 AND h + interval '1 hour' - interval '1 microsecond' <= $4
             AND (h AT TIME ZONE $5)::date = ((h + interval '1 hour' - interval '1 microsecond') AT TIME ZONE $5)::date AS whole
      FROM generate_series(date_trunc('hour', $3::timestamptz, 'UTC'), $4::timestamptz, interval '1 hour') h
  ), figures AS (
    SELECT hours.day, r.location_id, sum(r.revenue - r.tax) AS revenue, sum(r.tax) AS tax, sum(r.cost) AS cost
      FROM hours JOIN report_sales_hours r ON r.business_id = $1 AND r.hour = hours.h
     WHERE hours.whole AND r.location_id = ANY($2::uuid[]) AND r.hour >= date_trunc('hour', $3::timestamptz, 'UTC') AND r.hour <= $4
     GROUP BY 1, 2
    UNION ALL
    SELECT (i.created_at AT TIME ZONE $5)::date, i.location_id, sum(i.grand_total - i.total_tax), sum(i.total_tax), sum(i.total_cost)
      FROM hours CROSS JOIN LATERAL (
        SELECT created_at, location_id, grand_total + refunded_grand_total AS grand_total, total_tax + refunded_total_tax AS total_tax,
               total_cost + refunded_total_cost AS total_cost FROM invoices
         WHERE business_id = $1 AND deleted_at IS NULL AND location_id = ANY($2::uuid[])
           AND created_at >= hours.h AND created_at < hours.h + interval '1 hour' AND created_at >= $3 AND created_at <= $4
        UNION ALL
        SELECT created_at, location_id, -grand_total, -total_tax, -total_cost FROM credit_notes
         WHERE business_id = $1 AND voided_at IS NULL AND location_id = ANY($2::uuid[])
           AND created_at >= hours.h AND created_at < hours.h + interval '1 hour' AND created_at >= $3 AND created_at <= $4) i
     WHERE NOT hours.whole
     GROUP BY 1, 2
  )
  SELECT to_char(day, 'YYYY-MM-DD') AS date, location_id, sum(revenue)::text AS revenue, sum(tax)::text AS tax, sum(cost)::text AS cost FROM figures GROUP BY 1, 2`;

/**
 * The reports' SQL: sums by day and location, never row by row (profit-loss.ts in the domain lib
 * says what counts; the migration 1764900000300-reports.ts gives each sum an index-only path).
 * Reports only read. Every query is bound to the business ($1) and the resolved locations ($2).
 */
@Injectable()
export class ReportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get manager() {
    return this.dataSource.manager;
  }

  /** What each location did each day of the range, as profitAndLoss takes it. */
  async dayFigures(range: ReportRange): Promise<DayFigures[]> {
    const params = [range.businessId, range.locationIds, range.start.toISOString(), range.end.toISOString(), range.timeZone];
    const [sales, expenses, transferCosts, capitalised] = await Promise.all([
      this.dataSource.query(SALES_BY_DAY, params) as Promise<{ date: string; location_id: string; revenue: string; tax: string; cost: string }[]>,
      this.dataSource.query(
        `SELECT ${day('date')} AS date, location_id, category, sum(amount)::text AS amount
           FROM expenses
          WHERE business_id = $1 AND deleted_at IS NULL AND cancelled_at IS NULL AND location_id = ANY($2::uuid[]) AND date >= $3 AND date <= $4
          GROUP BY 1, 2, 3`,
        params,
      ) as Promise<{ date: string; location_id: string; category: ExpenseCategory; amount: string }[]>,
      // The source's share: its Transfer transactions (a reversal nets out), negated into a cost. The
      // destination pays its share too, but that money is carried in the arriving stock, not a cost.
      this.dataSource.query(
        `SELECT ${day('x.created_at')} AS date, x.location_id, (-sum(x.amount))::text AS amount
           FROM transactions x JOIN transfers t ON t.id = x.transfer_id AND t.source_location_id = x.location_id
          WHERE x.business_id = $1 AND x.transaction_type = 'Transfer' AND x.location_id = ANY($2::uuid[]) AND x.created_at >= $3 AND x.created_at <= $4
          GROUP BY 1, 2`,
        params,
      ) as Promise<{ date: string; location_id: string; amount: string }[]>,
      // The destination's share: what the arriving parts cost above what was sent (exact: transfers.ts spreads it).
      this.dataSource.query(
        `SELECT ${day('t.updated_at')} AS date, t.destination_location_id AS location_id, sum(p.quantity * (p.arrived_cost - p.cost))::numeric(24, 4)::text AS amount
           FROM transfers t JOIN transfer_parts p ON p.transfer_id = t.id
          WHERE t.business_id = $1 AND t.status = 'Completed' AND t.destination_location_id = ANY($2::uuid[]) AND t.updated_at >= $3 AND t.updated_at <= $4
            AND p.arrived_cost IS NOT NULL
          GROUP BY 1, 2`,
        params,
      ) as Promise<{ date: string; location_id: string; amount: string }[]>,
    ]);

    const cells = new Map<string, { date: string; locationId: string; revenue: string; taxCollected: string; costOfGoodsSold: string; expenses: Partial<Record<ExpenseCategory, string>>; transferCosts: string; transferCostsCapitalised: string }>();
    const cell = (date: string, locationId: string) => {
      const key = `${date} ${locationId}`;
      let found = cells.get(key);
      if (!found) cells.set(key, (found = { date, locationId, revenue: '0', taxCollected: '0', costOfGoodsSold: '0', expenses: {}, transferCosts: '0', transferCostsCapitalised: '0' }));
      return found;
    };
    for (const row of sales) Object.assign(cell(row.date, row.location_id), { revenue: row.revenue, taxCollected: row.tax, costOfGoodsSold: row.cost });
    for (const row of expenses) cell(row.date, row.location_id).expenses[row.category] = row.amount;
    for (const row of transferCosts) cell(row.date, row.location_id).transferCosts = row.amount;
    for (const row of capitalised) cell(row.date, row.location_id).transferCostsCapitalised = row.amount;
    return [...cells.values()];
  }

  /**
   * The taxed lines of the live invoices of the range (tax rate above 0) as sold, with what the
   * tax report groups them by; the figures are the domain's.
   */
  async taxedLines(range: ReportRange): Promise<TaxedLineRow[]> {
    return (await this.dataSource.query(
      `SELECT i.id AS invoice_id, i.location_id, i.prices_include_tax, l.tax_rate_id, coalesce(l.tax_name, '') AS tax_name, l.tax_rate::text AS tax_rate,
              l.quantity::text AS quantity, l.price::text AS price, l.discount::text AS discount
         FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
        WHERE i.business_id = $1 AND i.deleted_at IS NULL AND i.location_id = ANY($2::uuid[]) AND i.created_at >= $3 AND i.created_at <= $4
          AND (i.total_tax <> 0 OR i.refunded_total_tax <> 0) AND l.tax_rate > 0`,
      [range.businessId, range.locationIds, range.start.toISOString(), range.end.toISOString()],
    )) as TaxedLineRow[];
  }

  /** The taxed lines of the credit notes of the range (not voided), each with the tax and value it took back, to subtract on their own day. */
  async creditedTaxLines(range: ReportRange): Promise<CreditedTaxLineRow[]> {
    return (await this.dataSource.query(
      `SELECT c.location_id, i.prices_include_tax, l.tax_rate_id, coalesce(l.tax_name, '') AS tax_name, l.tax_rate::text AS tax_rate, n.total::text AS total, n.tax::text AS tax
         FROM credit_notes c JOIN credit_note_lines n ON n.credit_note_id = c.id JOIN invoice_lines l ON l.id = n.line_id JOIN invoices i ON i.id = c.invoice_id
        WHERE c.business_id = $1 AND c.voided_at IS NULL AND c.location_id = ANY($2::uuid[]) AND c.created_at >= $3 AND c.created_at <= $4
          AND c.total_tax <> 0 AND l.tax_rate > 0`,
      [range.businessId, range.locationIds, range.start.toISOString(), range.end.toISOString()],
    )) as CreditedTaxLineRow[];
  }

  /** The dashboard's figures for one day (the range) and now. */
  async summary(range: ReportRange): Promise<{ salesCount: number; sales: string; income: string; moneyOut: string; expenses: string; outstandingCredit: string }> {
    const params = [range.businessId, range.locationIds, range.start.toISOString(), range.end.toISOString()];
    const [[sales], [income], [moneyOut], [expenses], [credit]] = (await Promise.all([
      // Sales: what the day's invoices sold, less the day's credit notes (profit and loss counts the same).
      this.dataSource.query(
        `SELECT (SELECT count(*)::int FROM invoices
                  WHERE business_id = $1 AND deleted_at IS NULL AND location_id = ANY($2::uuid[]) AND created_at >= $3 AND created_at <= $4) AS count,
                ((SELECT coalesce(sum(grand_total + refunded_grand_total - total_tax - refunded_total_tax), 0) FROM invoices
                   WHERE business_id = $1 AND deleted_at IS NULL AND location_id = ANY($2::uuid[]) AND created_at >= $3 AND created_at <= $4)
                 - (SELECT coalesce(sum(grand_total - total_tax), 0) FROM credit_notes
                     WHERE business_id = $1 AND voided_at IS NULL AND location_id = ANY($2::uuid[]) AND created_at >= $3 AND created_at <= $4))::numeric(24, 4)::text AS total`,
        params,
      ),
      this.dataSource.query(
        `SELECT coalesce(sum(amount), 0)::text AS total FROM transactions
          WHERE business_id = $1 AND transaction_type IN ('Sale', 'Payment', 'Refund') AND location_id = ANY($2::uuid[]) AND created_at >= $3 AND created_at <= $4`,
        params,
      ),
      this.dataSource.query(
        `SELECT (-coalesce(sum(amount), 0))::numeric(24, 4)::text AS total FROM transactions
          WHERE business_id = $1 AND transaction_type IN ('Expense', 'Withdrawal', 'Transfer') AND location_id = ANY($2::uuid[]) AND created_at >= $3 AND created_at <= $4`,
        params,
      ),
      this.dataSource.query(
        `SELECT coalesce(sum(amount), 0)::text AS total FROM expenses
          WHERE business_id = $1 AND deleted_at IS NULL AND cancelled_at IS NULL AND location_id = ANY($2::uuid[]) AND date >= $3 AND date <= $4`,
        params,
      ),
      this.dataSource.query(`SELECT coalesce(sum(credit_balance), 0)::text AS total FROM locations WHERE business_id = $1 AND id = ANY($2::uuid[])`, params.slice(0, 2)),
    ])) as [{ count: number; total: string }[], { total: string }[], { total: string }[], { total: string }[], { total: string }[]];
    return { salesCount: sales!.count, sales: sales!.total, income: income!.total, moneyOut: moneyOut!.total, expenses: expenses!.total, outstandingCredit: credit!.total };
  }

  /** The business's locations among `ids` (all of them when null), with their names. */
  async locations(businessId: string, ids: readonly string[] | null): Promise<{ id: string; name: string }[]> {
    return (await this.dataSource.query(`SELECT id, name FROM locations WHERE business_id = $1 AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[])) ORDER BY id`, [
      businessId,
      ids,
    ])) as { id: string; name: string }[];
  }
}
