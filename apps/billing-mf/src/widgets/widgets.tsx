import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { datedTransfersQueryOptions, locationsQueryOptions, paginatedInvoicesQueryOptions, profitLossQueryOptions, reportSummaryQueryOptions } from '@stockbook/api-client';
import type { ProfitLossReport } from '@stockbook/contracts';
import { figureWord } from '@stockbook/domain';
import { useOptionalShell } from '@stockbook/shell-context';
import { DashboardWidget, useWidgetScope, WidgetList } from '@stockbook/ui';
import { useCalendar, useCan, useMoney } from '@stockbook/ui/antd';
import { dayLabel } from '../charts/day-label';
import { transferLinesText } from '../transfers/transfer-name';
import { CHART_DAYS, lastDaysRange } from './last-30-days';

/**
 * `./Widgets`: the billing remote's parts of the dashboard at /x (issue 15 point 9), each rendered
 * by the shell in a slot of its own. Each checks its permissions and shows nothing without them
 * (the API would refuse), and loads and fails on its own.
 */

const BILLING = '/x/billing';
/** How far back the dashboard looks for transfers still awaiting completion. */
export const PENDING_TRANSFER_DAYS = 365;
/** Rows a list widget shows; its link opens the screen with them all. */
const SHOWN = 5;

function useLocationName(): (id: string) => string {
  const locations = useQuery(locationsQueryOptions());
  return (id) => locations.data?.find((location) => location._id === id)?.name ?? '';
}

/** Today's sales, money in and out, expenses and the credit customers still owe (view:report). */
export function TodayMoneyWidget() {
  const scope = useWidgetScope('view:report');
  const money = useMoney();
  // The business's days: its time zone (issue 22, rule 4).
  const { timeZone } = useCalendar();
  const summary = useQuery({ ...reportSummaryQueryOptions({ locations: scope.locations, timeZone }), enabled: scope.allowed });
  if (!scope.allowed) return null;
  const figures = summary.data;
  return (
    <DashboardWidget title="Today" more={<Link to={`${BILLING}/reports`}>Profit and loss</Link>} load={summary}>
      {figures && (
        <dl className="sb-widget-figures" data-testid="today-money">
          <div>
            <dt>
              {figureWord('sales')} ({figures.salesCount})
            </dt>
            <dd className="sb-money">{money(figures.sales)}</dd>
          </div>
          <div>
            <dt>{figureWord('moneyIn')}</dt>
            <dd className="sb-money">{money(figures.income)}</dd>
          </div>
          <div>
            <dt>{figureWord('moneyOut')}</dt>
            <dd className="sb-money">{money(figures.moneyOut)}</dd>
          </div>
          <div>
            <dt>{figureWord('expenses')}</dt>
            <dd className="sb-money">{money(figures.expenses)}</dd>
          </div>
          <div>
            <dt>Outstanding credit</dt>
            <dd className="sb-money">{money(figures.outstandingCredit)}</dd>
          </div>
        </dl>
      )}
    </DashboardWidget>
  );
}

/** The five newest invoices, each opening its drawer (view:invoice). */
export function RecentInvoicesWidget() {
  const { dateTime } = useCalendar();
  const scope = useWidgetScope('view:invoice');
  const money = useMoney();
  const invoices = useQuery({ ...paginatedInvoicesQueryOptions({ page: 1, limit: SHOWN, locations: scope.locations }), enabled: scope.allowed });
  if (!scope.allowed) return null;
  return (
    <DashboardWidget title="Recent invoices" more={<Link to={`${BILLING}/invoices`}>All invoices</Link>} load={invoices}>
      <WidgetList
        items={invoices.data?.invoices ?? []}
        empty="No invoices yet."
        testId="recent-invoices"
        row={(invoice) => (
          <li key={invoice._id}>
            <Link to={`${BILLING}/invoices/${encodeURIComponent(invoice._id)}`}>#{invoice.invoiceNumber}</Link>
            <span className="sb-widget-detail">
              {invoice.customer ? `${invoice.customer.firstName} ${invoice.customer.lastName}`.trim() : 'Walk-in'} · {dateTime(invoice.createdAt)}
              {invoice.deletedAt ? ' · Cancelled' : ''}
            </span>
            <span className="sb-money">{money(invoice.grandTotal)}</span>
          </li>
        )}
      />
    </DashboardWidget>
  );
}

/** Transfers still Pending from or to the user's locations, each opening its drawer (view:transfer). */
export function PendingTransfersWidget() {
  const scope = useWidgetScope('view:transfer');
  const locationName = useLocationName();
  const range = useMemo(() => {
    const now = new Date();
    return { startDate: new Date(now.getTime() - PENDING_TRANSFER_DAYS * 86_400_000).toISOString(), endDate: new Date(now.getTime() + 86_400_000).toISOString() };
  }, []);
  const transfers = useQuery({
    ...datedTransfersQueryOptions({ ...range, locations: scope.locations }),
    enabled: scope.allowed,
    select: (all) => all.filter((transfer) => transfer.status === 'Pending'),
  });
  if (!scope.allowed) return null;
  const pending = transfers.data ?? [];
  return (
    <DashboardWidget title="Transfers awaiting completion" more={<Link to={`${BILLING}/transfers`}>All transfers</Link>} load={transfers}>
      <WidgetList
        items={pending.slice(0, SHOWN)}
        empty="No transfers are waiting."
        testId="pending-transfers"
        more={pending.length > SHOWN && <li className="sb-widget-detail">and {pending.length - SHOWN} more</li>}
        row={(transfer) => (
          <li key={transfer._id}>
            <Link to={`${BILLING}/transfers/${encodeURIComponent(transfer._id)}`}>
              {transferLinesText(transfer)}
            </Link>
            <span className="sb-widget-detail">
              {locationName(transfer.sourceLocationID)} → {locationName(transfer.destinationLocationID)}
            </span>
          </li>
        )}
      />
    </DashboardWidget>
  );
}


/** The last 30 days' income and expenses per day: a small chart with its figures as text (view:report and view:cost). */
export function Last30DaysWidget() {
  const scope = useWidgetScope('view:report');
  const can = useCan();
  const allowed = scope.allowed && can('view:cost');
  // The business's days: its time zone (issue 22, rule 4).
  const { timeZone } = useCalendar();
  const range = useMemo(() => lastDaysRange(new Date(), timeZone), [timeZone]);
  const report = useQuery({ ...profitLossQueryOptions({ ...range, locations: scope.locations, timeZone }), enabled: allowed });
  const money = useMoney();
  if (!allowed) return null;
  return (
    <DashboardWidget title={`Last ${CHART_DAYS} days`} more={<Link to={`${BILLING}/reports`}>Report</Link>} load={report}>
      {report.data && (
        <>
          <dl className="sb-widget-figures" data-testid="last-30-days">
            <div>
              <dt>{figureWord('sales')}</dt>
              <dd className="sb-money">{money(report.data.revenue)}</dd>
            </div>
            <div>
              <dt>Net profit</dt>
              <dd className="sb-money">{money(report.data.netProfit)}</dd>
            </div>
          </dl>
          <TrendChart report={report.data} money={money} />
        </>
      )}
    </DashboardWidget>
  );
}

/** uPlot arrives with the data (a chunk of its own), in the shell's colours, redrawn when the theme changes. */
function TrendChart({ report, money }: { report: ProfitLossReport; money: (amount: string) => string }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useOptionalShell()?.theme.resolved;
  const points = report.incomeExpense;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let remove: (() => void) | undefined;
    let gone = false;
    import('./trend-chart')
      .then(({ drawTrend }) => {
        if (gone) return;
        remove = drawTrend(
          element,
          `Sales and costs per day over the last ${CHART_DAYS} days`,
          [
            { label: figureWord('sales'), values: points.map((point) => point.income), figure: 'sales' },
            { label: figureWord('costs'), values: points.map((point) => point.expense), figure: 'costs', dashed: true },
          ],
          (index) => (points[index] ? dayLabel(points[index].date) : ''),
          money,
        );
      })
      .catch(() => undefined); // the figures above and the table below still say it all
    return () => {
      gone = true;
      remove?.();
    };
  }, [points, theme, money]);
  return (
    <figure className="sb-widget-chart">
      <div ref={box} className="sb-widget-chart-canvas" />
      <figcaption className="sb-widget-legend">
        <span className="sb-legend-income">{figureWord('sales')}</span> <span className="sb-legend-expense">{figureWord('costs')}</span>
      </figcaption>
      {/* Hidden in a box: a table grows to its rows whatever its height, and stretched the page by its
          hidden rows (about 600 px of empty scroll, issue 24). */}
      <div className="sb-sr-only">
        <table>
          <caption>Sales and costs per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{figureWord('sales')}</th>
              <th scope="col">{figureWord('costs')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.date}>
                <th scope="row">{dayLabel(point.date)}</th>
                <td>{money(point.income)}</td>
                <td>{money(point.expense)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
