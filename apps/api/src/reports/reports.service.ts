import { Injectable } from '@nestjs/common';
import type { ProfitLossReport, ReportSummary } from '@stockbook/contracts';
import { can, locationsFor, profitAndLoss, rangeDays, todayBounds, localDate } from '@stockbook/domain';
import { assertCan } from '../auth/assert-can';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import { ReportsRepository, type ReportRange } from './reports.repository';

interface RangeQuery {
  startDate?: string;
  endDate?: string;
  locations?: string[];
  timeZone: string;
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
    if (!can(auth.user, 'view:cost')) throw AppError.forbidden('You do not have the view:cost permission, which profit and loss needs.');
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

  async summary(auth: AuthContext, query: { locations?: string[]; timeZone: string }): Promise<ReportSummary> {
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
    const today = todayBounds(new Date(), query.timeZone);
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
    return { businessId: auth.businessId, locationIds, start, end, timeZone: query.timeZone };
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
