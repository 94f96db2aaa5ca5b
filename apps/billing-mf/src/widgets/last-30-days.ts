import { localDate, startOfLocalDay, todayBounds } from '@stockbook/domain';

/** The dashboard chart's days: today and the 29 before it. */
export const CHART_DAYS = 30;

/**
 * The last `days` calendar days in `timeZone`, today included, as the report's range: from the
 * first instant of the earliest day to today's last millisecond.
 */
export function lastDaysRange(now: Date, timeZone: string, days = CHART_DAYS): { startDate: string; endDate: string } {
  const [year, month, day] = localDate(now, timeZone).split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1, day - (days - 1))).toISOString().slice(0, 10);
  return { startDate: startOfLocalDay(first, timeZone).toISOString(), endDate: todayBounds(now, timeZone).end.toISOString() };
}
