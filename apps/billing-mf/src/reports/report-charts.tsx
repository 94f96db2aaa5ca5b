import { theme, Typography } from 'antd';
import { useMemo } from 'react';
import type { ProfitLossReport } from '@stockbook/contracts';
import { DailyChart, type DailySeries } from './daily-chart';
import { figureWord } from '@stockbook/domain';

/** A visually hidden table of a chart's points: the chart's text alternative for screen readers. */
function PointsTable({ caption, head, rows }: { caption: string; head: readonly string[]; rows: readonly (readonly string[])[] }) {
  return (
    <table className="sb-sr-only">
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
  );
}

/**
 * Section 3's chart points, per day of the range: income against expense (two lines), and profit
 * or loss. Colours come from the antd theme's tokens, so both themes read; expense and the
 * profit line are told apart by dashes too, not by colour alone.
 */
export function ReportCharts({ report, money }: { report: ProfitLossReport; money: (amount: string) => string }) {
  const { token } = theme.useToken();
  const dates = useMemo(() => report.incomeExpense.map((point) => point.date), [report]);
  const incomeExpense = useMemo<DailySeries[]>(
    () => [
      { label: figureWord('sales'), values: report.incomeExpense.map((point) => point.income), color: token.colorSuccess },
      { label: figureWord('costs'), values: report.incomeExpense.map((point) => point.expense), color: token.colorError, dashed: true },
    ],
    [report, token.colorSuccess, token.colorError],
  );
  const profitDates = useMemo(() => report.profitLoss.map((point) => point.date), [report]);
  const profitLoss = useMemo<DailySeries[]>(() => [{ label: 'Profit or loss', values: report.profitLoss.map((point) => point.amount), color: token.colorPrimary }], [report, token.colorPrimary]);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 360px), 1fr))', gap: 24, marginTop: 24 }}>
      <figure style={{ margin: 0, minWidth: 0 }}>
        <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading4 }}>
          Sales and costs per day
        </Typography.Title>
        <DailyChart name="Sales and costs per day" dates={dates} series={incomeExpense} />
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
        <DailyChart name="Profit or loss per day" dates={profitDates} series={profitLoss} />
        <PointsTable caption="Profit or loss per day" head={['Date', 'Profit or loss']} rows={report.profitLoss.map((point) => [point.date, money(point.amount)])} />
      </figure>
    </div>
  );
}
