import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { businessQueryOptions } from '@stockbook/api-client';
import { browserTimeZone } from '../browser-time-zone';
import { businessCalendar, datePattern, dateShown, dateTimeShown, localDaysBounds, todayIn, type BusinessCalendar } from '@stockbook/domain';

export interface Calendar extends BusinessCalendar {
  /** The date pickers' format for the business's locale ("MM/DD/YYYY", "DD/MM/YYYY"). */
  readonly dateFormat: string;
  readonly date: (iso: string) => string;
  readonly dateTime: (iso: string) => string;
  /** Today in the business's time zone, as a picker's value (its calendar day). */
  readonly today: () => Dayjs;
  /** The instants a range of picked calendar days covers in the business's time zone (sent with their zone). */
  readonly bounds: (range: readonly [Dayjs, Dayjs]) => { startDate: string; endDate: string };
}

/** Until the business is read: the browser's zone and en-GB (what the screens showed before); asked once, when first needed. */
let fallback: BusinessCalendar | undefined;
const fallbackCalendar = (): BusinessCalendar => (fallback ??= { locale: 'en-GB', timeZone: browserTimeZone() });

/**
 * The business's calendar (issue 22, rule 4): dates written as its currency's country writes them,
 * every day a day in its time zone. Screens show dates, pick them and bound ranges with this.
 */
export function useCalendar(): Calendar {
  const business = useQuery(businessQueryOptions());
  const currency = business.data?.currency;
  const timeZone = business.data?.timeZone;
  return useMemo(() => {
    const calendar = currency && timeZone ? businessCalendar({ currency, timeZone }) : fallbackCalendar();
    return {
      ...calendar,
      dateFormat: datePattern(calendar.locale),
      date: (iso: string) => dateShown(iso, calendar),
      dateTime: (iso: string) => dateTimeShown(iso, calendar),
      today: () => dayjs(todayIn(calendar.timeZone)),
      bounds: ([from, to]: readonly [Dayjs, Dayjs]) => localDaysBounds(from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD'), calendar.timeZone),
    };
  }, [currency, timeZone]);
}
