import Big from 'big.js';
import { localDate, MINOR_UNIT_DIGITS, type CurrencyCode } from '@stockbook/domain';

/**
 * How the billing exports write a value for an accountant's spreadsheet (issue 22, rule 8): amounts
 * as plain numbers in the currency's decimals ("20.00", "-5.00": no symbol, no grouping, so a column
 * sums), dates as the business's calendar reads them (its time zone) in ISO order, so they sort.
 */
export interface CsvFormat {
  readonly currency: CurrencyCode;
  readonly timeZone: string;
}

/** An exact amount in the currency's decimals, half up: "20.0000" -> "20.00", "-5.125" -> "-5.13". */
export const csvAmount = (value: string, currency: CurrencyCode): string => new Big(value).toFixed(MINOR_UNIT_DIGITS[currency], Big.roundHalfUp);

/** The calendar day an instant falls on in the business's time zone: "2026-11-28". */
export const csvDate = (iso: string, timeZone: string): string => localDate(new Date(iso), timeZone);

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The day and the 24-hour time of an instant in the business's time zone: "2026-11-28 14:05". */
export function csvDateTime(iso: string, timeZone: string): string {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, clock);
  }
  const parts = Object.fromEntries(clock.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${csvDate(iso, timeZone)} ${parts.hour}:${parts.minute}`;
}


/** An export's file name: what it holds and the range's first and last day, "transactions-2026-11-01-to-2026-11-28.csv". */
export const csvFileName = (what: string, firstDay: string, lastDay: string): string => `${what}-${firstDay}-to-${lastDay}.csv`;

/** A screen's newest-first list in the order an accountant reads a book: oldest first (the same instant keeps the screen's order reversed). */
export function oldestFirst<T>(rows: readonly T[], at: (row: T) => string): T[] {
  return [...rows].reverse().sort((a, b) => new Date(at(a)).getTime() - new Date(at(b)).getTime());
}
