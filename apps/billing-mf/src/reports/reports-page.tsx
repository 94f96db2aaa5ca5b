import { Button, DatePicker, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { businessQueryOptions, profitLossQueryOptions, taxReportQueryOptions } from '@stockbook/api-client';
import type { ProfitLossReport, TaxReport } from '@stockbook/contracts';
import type { CurrencyCode } from '@stockbook/domain';
import { downloadCsv } from '@stockbook/ui/csv';
import { DatedQueryState, NotAllowed, Page, useCalendar, useCan, useMoney } from '@stockbook/ui/antd';
import { locationName, useActionLocations } from '../common/sale-locations';
import { ProfitLossByLocation, ProfitLossStatement } from './profit-loss-statement';
import { defaultReportRange, describeRange, RANGE_PRESETS, type ReportRange } from './report-range';
import { ReportCharts } from './report-charts';
import { reportCsvRows, reportFileName } from './statement';
import { taxCsvRows, taxFileName } from './tax-report-csv';
import { TaxReportTable } from './tax-report-table';
import { useRowsPrinter } from '../common/rows-print';

/**
 * The profit and loss report (issue 15 point 8, rule 6): a range of days (this month so far to
 * start with; presets up to this year) in the browser's time zone, the locations (every one where
 * the user may view:report, or those chosen), the statement from revenue to net profit, the same per
 * location, the income/expense and profit/loss charts per day, and the figures as a CSV file.
 */
export function ReportsPage() {
  const can = useCan();
  const money = useMoney();
  const { locations } = useActionLocations('view:report');
  // Days are the business's: its time zone decides which day each sale and expense falls on (issue 22, rule 4).
  const calendar = useCalendar();
  const timeZone = calendar.timeZone;
  // Until dates are picked: the default range ending today in the business's calendar, as it loads.
  const [picked, setPicked] = useState<ReportRange | null>(null);
  const range = picked ?? defaultReportRange(calendar.today());
  const [chosen, setChosen] = useState<string[]>([]);
  const allowed = can('view:report') && can('view:cost');
  const query = { ...calendar.bounds(range), locations: chosen.length ? chosen : undefined, timeZone };
  const report = useQuery({ ...profitLossQueryOptions(query), enabled: allowed, placeholderData: (previous) => previous });
  const tax = useQuery({ ...taxReportQueryOptions(query), enabled: allowed, placeholderData: (previous) => previous });
  const business = useQuery(businessQueryOptions());
  const printer = useRowsPrinter();
  const name = (id: string) => locationName(locations, id) || id;

  if (!allowed) {
    return (
      <Page remote="billing" title="Profit and loss">
        <NotAllowed>
          {can('view:report') ? 'Profit and loss shows what stock cost, which you can’t see. Ask an administrator for access to costs.' : 'You can’t see reports. Ask an administrator for access.'}
        </NotAllowed>
      </Page>
    );
  }

  const exportCsv = (data: ProfitLossReport) => downloadCsv(reportFileName(range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD')), reportCsvRows(data, name, (business.data?.currency ?? 'USD') as CurrencyCode));
  const taxRows = (data: TaxReport) => taxCsvRows(data, name, (business.data?.currency ?? 'USD') as CurrencyCode);
  const exportTax = (data: TaxReport) => downloadCsv(taxFileName(range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD')), taxRows(data));
  const printTax = (data: TaxReport) =>
    printer.print({ title: 'Tax collected', covers: `${describeRange(range)}; days in ${timeZone}; ${chosen.length ? chosen.map(name).join(', ') : 'all your locations'}`, rows: taxRows(data) });
  return (
    <Page
      remote="billing"
      title="Profit and loss"
      extra={
        <Button disabled={!report.data || report.isPlaceholderData} onClick={() => report.data && exportCsv(report.data)}>
          Export CSV
        </Button>
      }
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginBottom: 8 }}>
        <DatePicker.RangePicker
          aria-label="Dates"
          id={{ start: 'report-from', end: 'report-to' }}
          format={calendar.dateFormat}
          allowClear={false}
          value={range}
          presets={RANGE_PRESETS.map((preset) => ({ label: preset.label, value: () => preset.range(calendar.today()) }))}
          onChange={(dates) => setPicked(dates && dates[0] && dates[1] ? [dates[0], dates[1]] : null)}
        />
        <Select
          aria-label="Locations"
          data-testid="report-locations"
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          optionFilterProp="label"
          style={{ minWidth: 220, maxWidth: '100%' }}
          placeholder="All your locations"
          value={chosen}
          onChange={setChosen}
          options={locations.map((one) => ({ value: one._id, label: one.name }))}
        />
      </div>
      <Typography.Paragraph type="secondary" data-testid="report-scope">
        {describeRange(range)}; days in {timeZone}; {chosen.length ? chosen.map(name).join(', ') : 'all your locations'}.
      </Typography.Paragraph>
      <DatedQueryState query={report} what="the profit and loss" call="GET user/report/profit-loss">
        {(data) => (
          <div aria-busy={report.isFetching}>
            <ProfitLossStatement report={data} money={money} />
            <ProfitLossByLocation report={data} money={money} name={name} />
            <ReportCharts report={data} money={money} />
          </div>
        )}
      </DatedQueryState>
      <DatedQueryState query={tax} what="the tax collected" call="GET user/report/tax">
        {(data) => (
          <div aria-busy={tax.isFetching}>
            <TaxReportTable report={data} money={money} name={name} onExport={() => exportTax(data)} onPrint={() => printTax(data)} />
            {printer.sheet}
          </div>
        )}
      </DatedQueryState>
    </Page>
  );
}
