import { queryOptions } from '@tanstack/react-query';
import {
  TaxRateListResponseSchema,
  TaxRateResponseSchema,
  TaxReportResponseSchema,
  type CreateTaxRateRequest,
  type LiveData,
  type TaxReportQuery,
  type UpdateTaxRateRequest,
} from '@stockbook/contracts';
import { apiRequest } from './http';

/**
 * Tax rates and the tax report (contract: `tax.contract.ts`). Rate keys start with the `taxRates`
 * LiveData kind (every rate write invalidates it); the report's with `reports`.
 */
export const taxKeys = {
  rates: () => ['taxRates'] as const satisfies readonly [LiveData],
  report: (query: TaxReportQuery) => ['reports', 'tax', query] as const satisfies readonly [LiveData, ...unknown[]],
};

/** GET user/tax-rate: the business's rates, by name (anyone signed in). */
export const taxRatesQueryOptions = () =>
  queryOptions({
    queryKey: taxKeys.rates(),
    queryFn: async ({ signal }) => (await apiRequest('user/tax-rate', TaxRateListResponseSchema, { signal })).data,
  });

/** GET user/report/tax: tax collected per location and rate over a range (default today) in a time zone. */
export const taxReportQueryOptions = (query: TaxReportQuery) =>
  queryOptions({
    queryKey: taxKeys.report(query),
    queryFn: async ({ signal }) =>
      (
        await apiRequest('user/report/tax', TaxReportResponseSchema, {
          signal,
          query: { startDate: query.startDate, endDate: query.endDate, locations: query.locations, timeZone: query.timeZone },
        })
      ).report,
  });

/** The rate writes (administrators). */
export const taxApi = {
  createRate: (body: CreateTaxRateRequest) => apiRequest('user/tax-rate', TaxRateResponseSchema, { method: 'POST', body }),
  updateRate: (id: string, body: UpdateTaxRateRequest) => apiRequest(`user/tax-rate/${encodeURIComponent(id)}`, TaxRateResponseSchema, { method: 'PATCH', body }),
  deleteRate: (id: string) => apiRequest(`user/tax-rate/${encodeURIComponent(id)}`, TaxRateResponseSchema, { method: 'DELETE' }),
};
