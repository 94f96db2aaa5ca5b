import { queryOptions } from '@tanstack/react-query';
import { ProfitLossResponseSchema, ReportSummaryResponseSchema, type LiveData, type ProfitLossQuery, type ReportSummaryQuery } from '@stockbook/contracts';
import { apiQuery, apiRequest } from './http';

/**
 * Query keys and calls of the reports (contract: `reports.contract.ts`). Every key starts with the
 * `reports` LiveData kind, which every sale, refund, payment, expense and transfer invalidates.
 */
export const reportKeys = {
  all: () => ['reports'] as const satisfies readonly [LiveData],
  profitLoss: (query: ProfitLossQuery) => ['reports', 'profit-loss', query] as const satisfies readonly [LiveData, ...unknown[]],
  summary: (query: ReportSummaryQuery) => ['reports', 'summary', query] as const satisfies readonly [LiveData, ...unknown[]],
};

/** GET user/report/profit-loss: the figures, per-day chart points and per-location figures for a range (default today) in a time zone. */
export const profitLossQueryOptions = (query: ProfitLossQuery) =>
  queryOptions({
    queryKey: reportKeys.profitLoss(query),
    queryFn: async ({ signal }) =>
      (
        await apiRequest('user/report/profit-loss', ProfitLossResponseSchema, {
          signal,
          query: { startDate: query.startDate, endDate: query.endDate, locations: query.locations, timeZone: query.timeZone },
        })
      ).report,
  });

/** GET user/report/summary: the dashboard's today (sales, money received, expenses, outstanding credit). */
export const reportSummaryQueryOptions = (query: ReportSummaryQuery = {}) =>
  queryOptions({
    queryKey: reportKeys.summary(query),
    ...apiQuery('user/report/summary', ReportSummaryResponseSchema, { locations: query.locations, timeZone: query.timeZone }, (body) => body.summary),
  });
