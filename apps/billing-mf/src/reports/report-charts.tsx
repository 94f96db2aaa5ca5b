import { theme, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { businessQueryOptions } from '@stockbook/api-client';
import type { ProfitLossReport } from '@stockbook/contracts';
import { figureWord, formatMoneyCompact, isCurrencyCode } from '@stockbook/domain';
import { DailyChart, type DailySeries } from './daily-chart';

/** A visually hidden table of a chart's points: the chart's text alternative for screen readers. */
function PointsTable({ caption, head, rows }: { caption: string; head: readonly string[]; rows: readonly (readonly string[])[] }) {
  // Hidden in a box: a table grows to its rows whatever its height, and stretched the page by its
  // hidden rows (about 600 px of empty scroll, issue 24).
  return (
    <div className="sb-sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([date, ...cells]) => (
            <tr key={date}>
              <th scope="row">{date}</th>
              {cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Section 3's chart points, per day of the range: income against expense (two lines), and profit
 * or loss. Each figure has its one colour (charts/figure-colours.ts, as on the dashboard); costs
 * are dashed too, so the lines differ by more than colour. Axes in the currency, values on hover.
 */
export function ReportCharts({ report, money }: { report: ProfitLossReport; money: (amount: string) => string }) {
  const { token } = theme.useToken();
  const currency = useQuery(businessQueryOptions()).data?.currency;
  const axisMoney = useCallback((value: number) => (currency && isCurrencyCode(currency) ? formatMoneyCompact(value, currency) : String(value)), [currency]);
  const dates = useMemo(() => report.incomeExpense.map((point) => point.date), [report]);
  const incomeExpense = useMemo<DailySeries[]>(
    () => [
      { label: figureWord('sales'), values: report.incomeExpense.map((point) => point.income), figure: 'sales' },
      { label: figureWord('costs'), values: report.incomeExpense.map((point) => point.expense), figure: 'costs', dashed: true },
    ],
    [report],
  );
  const profitDates = useMemo(() => report.profitLoss.map((point) => point.date), [report]);
  const profitLoss = useMemo<DailySeries[]>(() => [{ label: 'Profit or loss', values: report.profitLoss.map((point) => point.amount), figure: 'profit' }], [report]);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 360px), 1fr))', gap: 24, marginTop: 24 }}>
      <figure style={{ margin: 0, minWidth: 0 }}>
        <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading4 }}>
          Sales and costs per day
        </Typography.Title>
        <DailyChart name="Sales and costs per day" dates={dates} series={incomeExpense} money={money} axisMoney={axisMoney} />
        <PointsTable
          caption="Sales and costs per day"
          head={['Date', figureWord('sales'), figureWord('costs')]}
          rows={report.incomeExpense.map((point) => [point.date, money(point.income), money(point.expense)])}
        />
      </figure>
      <figure style={{ margin: 0, minWidth: 0 }}>
        <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading4 }}>
          Profit or loss per day
        </Typography.Title>
        <DailyChart name="Profit or loss per day" dates={profitDates} series={profitLoss} money={money} axisMoney={axisMoney} />
        <PointsTable caption="Profit or loss per day" head={['Date', 'Profit or loss']} rows={report.profitLoss.map((point) => [point.date, money(point.amount)])} />
      </figure>
    </div>
  );
}
