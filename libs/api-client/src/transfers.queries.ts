import { queryOptions } from '@tanstack/react-query';
import { TransferListResponseSchema, TransferResponseSchema, type CreateTransferRequest, type DatedTransfersQuery, type LiveData } from '@stockbook/contracts';
import { apiRequest } from './http';

/**
 * Query keys and calls of transfers between locations (contract: `transfers.contract.ts`). The
 * first element of every key is the `LiveData` kind an SSE `invalidate` names, so a transfer
 * created, completed, cancelled or deleted anywhere reloads every open transfer list.
 */
export const transferKeys = {
  all: () => ['transfers'] as const satisfies readonly [LiveData],
  one: (id: string) => ['transfers', 'one', id] as const satisfies readonly [LiveData, ...unknown[]],
  dated: (query: DatedTransfersQuery) => ['transfers', 'dated', query] as const satisfies readonly [LiveData, ...unknown[]],
};

/** GET user/transfer/{id}: one transfer with its batch snapshot (costs only with view:cost). */
export const transferQueryOptions = (id: string) =>
  queryOptions({
    queryKey: transferKeys.one(id),
    queryFn: async ({ signal }) => (await apiRequest(`user/transfer/${encodeURIComponent(id)}`, TransferResponseSchema, { signal })).transfer,
  });

/** GET user/transfer: the transfer table by date (default today) and locations (from or to them), newest first. */
export const datedTransfersQueryOptions = (query: DatedTransfersQuery) =>
  queryOptions({
    queryKey: transferKeys.dated(query),
    queryFn: async ({ signal }) =>
      (await apiRequest('user/transfer', TransferListResponseSchema, { signal, query: { startDate: query.startDate, endDate: query.endDate, locations: query.locations } })).transfers,
  });

/** The transfer calls that change something; each answers with the transfer as it now is. */
export const transfersApi = {
  create: (body: CreateTransferRequest) => apiRequest('user/transfer', TransferResponseSchema, { method: 'POST', body }),
  complete: (transferID: string) => apiRequest('user/transfer/complete', TransferResponseSchema, { method: 'POST', body: { transferID } }),
  cancel: (transferID: string) => apiRequest('user/transfer/cancel', TransferResponseSchema, { method: 'POST', body: { transferID } }),
  /** Off the lists: a Pending one's stock goes back; a Completed one cannot be deleted (409). */
  delete: (transferID: string) => apiRequest('user/transfer/delete', TransferResponseSchema, { method: 'POST', body: { transferID } }),
};
