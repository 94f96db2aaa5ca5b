import Big from 'big.js';
import type { TaxReport } from '@stockbook/contracts';
import { MINOR_UNIT_DIGITS, taxRateShown, type CurrencyCode } from '@stockbook/domain';
import type { LocationNamer } from './statement';

/**
 * The tax report as CSV rows for an accountant: what it covers, then one row per location and rate
 * (taxable net amount, tax, invoices), then the totals. Amounts in the currency's minor unit (the
 * API's figures are already whole minor units), so the file reads as the screen does.
 */
export function taxCsvRows(report: TaxReport, name: LocationNamer, currency: CurrencyCode): string[][] {
  const amount = (value: string) => new Big(value).toFixed(MINOR_UNIT_DIGITS[currency], Big.roundHalfUp);
  return [
    ['Tax collected'],
    ['From', report.startDate],
    ['To', report.endDate],
    ['Time zone', report.timeZone],
    ['Currency', currency],
    ['Locations', report.locations.map(name).join('; ')],
    [],
    ['Location', 'Tax rate', 'Percent', 'Taxable amount', 'Tax', 'Invoices'],
    ...report.rows.map((row) => [name(row.locationID), row.name, taxRateShown(row.rate), amount(row.taxable), amount(row.tax), String(row.invoices)]),
    ['Total', '', '', amount(report.totalTaxable), amount(report.totalTax), ''],
  ];
}

/** The export's file name: tax-<first day>-<last day>.csv. */
export const taxFileName = (firstDay: string, lastDay: string) => `tax-${firstDay}-${lastDay}.csv`;
