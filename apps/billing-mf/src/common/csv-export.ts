import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { businessQueryOptions } from '@stockbook/api-client';
import { downloadCsv } from '@stockbook/ui/csv';
import { csvFileName, type CsvFormat } from './csv-values';

/** The business's currency and time zone, as the exports write amounts and dates; null until the business is read. */
export function useCsvFormat(): CsvFormat | null {
  const business = useQuery(businessQueryOptions());
  return business.data ? { currency: business.data.currency, timeZone: business.data.timeZone } : null;
}

/** What a dated screen's export covers, for its print view: "2026-11-01 to 2026-11-28, Market Hall". */
export const rangeCovers = (range: readonly [Dayjs, Dayjs], place: string | undefined): string =>
  `${range[0].format('YYYY-MM-DD')} to ${range[1].format('YYYY-MM-DD')}, ${place || 'all locations'}`;

/** Offers a dated screen's rows as `<what>-<first day>-to-<last day>.csv`, the days as picked (the business's). */
export function downloadRangeCsv(what: string, range: readonly [Dayjs, Dayjs], rows: readonly (readonly string[])[]): void {
  downloadCsv(csvFileName(what, range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD')), rows);
}
