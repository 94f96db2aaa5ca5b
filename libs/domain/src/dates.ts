import { CURRENCIES, type CurrencyCode } from './currency';
import { dateTimeFormat } from './intl-formats';
import { localDate, nextDate, startOfLocalDay } from './money/profit-loss';

/**
 * How a business reads dates (issue 22, rule 4): in its own time zone, and written the way its
 * currency's country writes them (en-US month first for USD, en-GB day first for GBP, and so on).
 * The public invoice page keeps the specification's en-GB.
 */
export interface BusinessCalendar {
  /** BCP 47 locale: the currency's (currency.ts). */
  readonly locale: string;
  /** IANA time zone: the business's. */
  readonly timeZone: string;
}

export const businessCalendar = (business: { readonly currency: CurrencyCode; readonly timeZone: string }): BusinessCalendar => ({
  locale: CURRENCIES[business.currency].locale,
  timeZone: business.timeZone,
});

/** A date as the business writes it: "11/28/2026" (en-US), "28/11/2026" (en-GB). */
export const dateShown = (iso: string | Date, calendar: BusinessCalendar): string =>
  dateTimeFormat(calendar.locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: calendar.timeZone }).format(new Date(iso));

/** A date and time as the business writes it: "11/28/2026, 03:05 PM" (en-US), "28/11/2026, 15:05" (en-GB). */
export const dateTimeShown = (iso: string | Date, calendar: BusinessCalendar): string =>
  dateTimeFormat(calendar.locale, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: calendar.timeZone }).format(
    new Date(iso),
  );

/** A date picker's pattern for the locale, in day.js tokens: "MM/DD/YYYY" (en-US), "DD/MM/YYYY" (en-GB), "DD.MM.YYYY" ... */
export function datePattern(locale: string): string {
  const tokens: Record<string, string> = { day: 'DD', month: 'MM', year: 'YYYY' };
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })
    .formatToParts(new Date(Date.UTC(2026, 10, 28)))
    .map((part) => tokens[part.type] ?? part.value)
    .join('');
}

/** The first and last instants of the calendar days `from` to `to` (YYYY-MM-DD) in `timeZone`, as ISO strings. */
export function localDaysBounds(from: string, to: string, timeZone: string): { startDate: string; endDate: string } {
  return {
    startDate: startOfLocalDay(from, timeZone).toISOString(),
    endDate: new Date(startOfLocalDay(nextDate(to), timeZone).getTime() - 1).toISOString(),
  };
}

/** Today's calendar day (YYYY-MM-DD) in `timeZone`. */
export const todayIn = (timeZone: string, now = new Date()): string => localDate(now, timeZone);
