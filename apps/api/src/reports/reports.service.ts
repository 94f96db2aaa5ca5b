import { Injectable } from '@nestjs/common';
import Big from 'big.js';
import type { ProfitLossReport, ReportSummary, TaxReport, TaxReportRow } from '@stockbook/contracts';
import { can, lineAmounts, refusalWords, locationsFor, moneyText, profitAndLoss, rangeDays, todayBounds, localDate } from '@stockbook/domain';
import { currencyOf, timeZoneOf } from '../business/business-records';
import { assertCan } from '../auth/assert-can';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import { ReportsRepository, type ReportRange } from './reports.repository';

interface RangeQuery {
  startDate?: string;
  endDate?: string;
  locations?: string[];
  /** The business's when left out. */
  timeZone?: string;
}

/** PostgreSQL's answer to a time zone name it does not know (invalid_parameter_value). */
const UNKNOWN_TIME_ZONE = '22023';

/**
 * Reports: profit and loss (the domain's profitAndLoss over the repository's day sums) and the
 * dashboard's summary, for the locations where the caller holds view:report.
 */
@Injectable()
export class ReportsService {
  constructor(private readonly repository: ReportsRepository) {}

  async profitLoss(auth: AuthContext, query: RangeQuery): Promise<ProfitLossReport> {
    const range = await this.range(auth, query);
    // Profit is revenue less what the stock cost: the whole report is a cost figure.
    if (!can(auth.user, 'view:cost')) throw AppError.forbidden(`Profit and loss shows what stock cost. ${refusalWords('view:cost')}`, 'view:cost');
    const days = rangeDays(range.start, range.end, range.timeZone);
    const report = profitAndLoss(await this.read(() => this.repository.dayFigures(range)), days);
    const { locations: byLocation, ...figures } = report;
    return {
      startDate: range.start.toISOString(),
      endDate: range.end.toISOString(),
      timeZone: range.timeZone,
      locations: [...range.locationIds],
      ...figures,
      byLocation: byLocation.map(({ locationId, ...rest }) => ({ locationID: locationId, ...rest })),
    };
  }

  /**
   * Tax collected per location and rate (name and percent as sold): the live invoices of the range
   * as sold, each line's tax as the domain computes it (tax.ts), less the tax of the range's credit
   * notes, so Σ tax = Σ the invoices' sold totalTax - Σ the credit notes' totalTax.
   */
  async tax(auth: AuthContext, query: RangeQuery): Promise<TaxReport> {
    const range = await this.range(auth, query);
    const currency = await currencyOf(this.repository.manager, auth.businessId);
    const rows = new Map<string, { row: Omit<TaxReportRow, 'taxable' | 'tax' | 'invoices'>; taxable: Big; tax: Big; invoices: Set<string> }>();
    const rowOf = (line: { location_id: string; tax_rate_id: string | null; tax_name: string; tax_rate: string }) => {
      const key = [line.location_id, line.tax_rate_id, line.tax_name, new Big(line.tax_rate).toString()].join('\u0000');
      let found = rows.get(key);
      if (!found) {
        found = { row: { locationID: line.location_id, taxRateID: line.tax_rate_id, name: line.tax_name, rate: line.tax_rate }, taxable: new Big(0), tax: new Big(0), invoices: new Set() };
        rows.set(key, found);
      }
      return found;
    };
    const [sold, credited] = await this.read(() => Promise.all([this.repository.taxedLines(range), this.repository.creditedTaxLines(range)]));
    for (const line of sold) {
      const amounts = lineAmounts({ quantity: line.quantity, price: line.price, discount: line.discount, taxRate: line.tax_rate }, currency, line.prices_include_tax);
      const found = rowOf(line);
      found.taxable = found.taxable.plus(line.prices_include_tax ? new Big(amounts.total).minus(amounts.tax) : amounts.total);
      found.tax = found.tax.plus(amounts.tax);
      found.invoices.add(line.invoice_id);
    }
    // A credit note gives its tax back on its own day (issue 22, rule 1).
    for (const line of credited) {
      const found = rowOf(line);
      found.taxable = found.taxable.minus(line.prices_include_tax ? new Big(line.total).minus(line.tax) : line.total);
      found.tax = found.tax.minus(line.tax);
    }
    const report = [...rows.values()]
      .map(({ row, taxable, tax, invoices }) => ({ ...row, taxable: moneyText(taxable), tax: moneyText(tax), invoices: invoices.size }))
      .sort((a, b) => a.locationID.localeCompare(b.locationID) || a.name.localeCompare(b.name) || new Big(a.rate).cmp(b.rate));
    return {
      startDate: range.start.toISOString(),
      endDate: range.end.toISOString(),
      timeZone: range.timeZone,
      locations: [...range.locationIds],
      rows: report,
      totalTaxable: moneyText(report.reduce((sum, row) => sum.plus(row.taxable), new Big(0))),
      totalTax: moneyText(report.reduce((sum, row) => sum.plus(row.tax), new Big(0))),
    };
  }

  async summary(auth: AuthContext, query: { locations?: string[]; timeZone?: string }): Promise<ReportSummary> {
    const range = await this.range(auth, { locations: query.locations, timeZone: query.timeZone });
    const figures = await this.read(() => this.repository.summary(range));
    return { date: localDate(range.start, range.timeZone), timeZone: range.timeZone, ...figures };
  }

  /**
   * The range and locations a report reads: the dates given (default: today's bounds in the time
   * zone), and the locations asked (each checked: 404 when not the business's, 403 without
   * view:report there) or else every location where the caller holds view:report.
   */
  private async range(auth: AuthContext, query: RangeQuery): Promise<ReportRange> {
    const timeZone = query.timeZone ?? (await timeZoneOf(this.repository.manager, auth.businessId));
    const today = todayBounds(new Date(), timeZone);
    const start = query.startDate ? new Date(query.startDate) : today.start;
    const end = query.endDate ? new Date(query.endDate) : today.end;
    if (end < start) throw AppError.validation({ endDate: ['End date must not be before the start date.'] });
    let locationIds: string[];
    if (query.locations?.length) {
      const asked = [...new Set(query.locations)];
      const found = await this.repository.locations(auth.businessId, asked);
      if (found.length !== asked.length) throw new AppError('NOT_FOUND', 'No such location in your business.', { locations: ['No such location in your business.'] });
      for (const location of found) assertCan(auth.user, 'view:report', location);
      locationIds = found.map((location) => location.id);
    } else {
      const scope = locationsFor(auth.user, 'view:report');
      locationIds = (await this.repository.locations(auth.businessId, scope.all ? null : [...scope.ids])).map((location) => location.id);
    }
    return { businessId: auth.businessId, locationIds, start, end, timeZone };
  }

  /** A time zone the runtime knows but PostgreSQL does not is the caller's input to fix, not a fault. */
  private async read<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code === UNKNOWN_TIME_ZONE && /time zone/i.test((error as Error).message)) {
        throw AppError.validation({ timeZone: ['Time zone must be an IANA time zone name, such as Europe/London.'] });
      }
      throw error;
    }
  }
}
