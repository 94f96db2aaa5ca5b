import { describe, expect, it } from '@jest/globals';
import type { TaxReport } from '@stockbook/contracts';
import { taxCsvRows, taxFileName } from './tax-report-csv';

const report: TaxReport = {
  startDate: '2026-03-01T00:00:00.000Z',
  endDate: '2026-03-31T23:59:59.999Z',
  timeZone: 'America/New_York',
  locations: ['a', 'b'],
  rows: [
    { locationID: 'a', taxRateID: 'r1', name: 'State', rate: '8.2500', taxable: '20.0000', tax: '1.6500', invoices: 2 },
    { locationID: 'b', taxRateID: null, name: 'Old city', rate: '1.0000', taxable: '10.0000', tax: '0.1000', invoices: 1 },
  ],
  totalTaxable: '30.0000',
  totalTax: '1.7500',
};

describe('the tax report export', () => {
  it('names the scope, then one row per location and rate in the currency’s decimals, then the totals', () => {
    const rows = taxCsvRows(report, (id) => ({ a: 'Main Street', b: 'Harbour' })[id] ?? id, 'USD');
    expect(rows.slice(0, 6)).toEqual([['Tax collected'], ['From', report.startDate], ['To', report.endDate], ['Time zone', 'America/New_York'], ['Currency', 'USD'], ['Locations', 'Main Street; Harbour']]);
    expect(rows.slice(7)).toEqual([
      ['Location', 'Tax rate', 'Percent', 'Taxable amount', 'Tax', 'Invoices'],
      ['Main Street', 'State', '8.25%', '20.00', '1.65', '2'],
      ['Harbour', 'Old city', '1%', '10.00', '0.10', '1'],
      ['Total', '', '', '30.00', '1.75', ''],
    ]);
    expect(taxFileName('2026-03-01', '2026-03-31')).toBe('tax-2026-03-01-2026-03-31.csv');
  });
});
