import { queryOptions } from '@tanstack/react-query';
import {
  CreditNoteListResponseSchema,
  CustomerStatementResponseSchema,
  CustomerListResponseSchema,
  CustomerResponseSchema,
  InvoiceListResponseSchema,
  InvoicePageResponseSchema,
  InvoiceResponseSchema,
  MessageResponseBodySchema,
  PublicInvoiceResponseSchema,
  type AddPaymentRequest,
  type CreateCustomerRequest,
  type CreateInvoiceRequest,
  type CustomerListQuery,
  type CustomerStatementQuery,
  type DatedInvoicesQuery,
  type LiveData,
  type PaginatedInvoicesQuery,
  type RefundRequest,
  type SearchInvoicesQuery,
  type UpdateCustomerRequest,
} from '@stockbook/contracts';
import { apiQuery, apiRequest } from './http';

/**
 * Query keys and calls of the selling side (customers, invoices; contracts in
 * `customers.contract.ts` and `invoices.contract.ts`). The first element of every key is the
 * `LiveData` kind an SSE `invalidate` names, so a sale made anywhere reloads every open list.
 */
export const salesKeys = {
  allCustomers: () => ['customers'] as const satisfies readonly [LiveData],
  customers: (query: CustomerListQuery) => ['customers', 'list', query] as const satisfies readonly [LiveData, ...unknown[]],
  allInvoices: () => ['invoices'] as const satisfies readonly [LiveData],
  invoice: (id: string) => ['invoices', 'one', id] as const satisfies readonly [LiveData, ...unknown[]],
  datedInvoices: (query: DatedInvoicesQuery) => ['invoices', 'dated', query] as const satisfies readonly [LiveData, ...unknown[]],
  paginatedInvoices: (query: PaginatedInvoicesQuery) => ['invoices', 'paginated', query] as const satisfies readonly [LiveData, ...unknown[]],
  searchInvoices: (query: SearchInvoicesQuery) => ['invoices', 'search', query] as const satisfies readonly [LiveData, ...unknown[]],
  /** A customer's page moves with their invoices (every sale, payment, refund or cancellation reloads `invoices`). */
  customerStatement: (id: string, query: CustomerStatementQuery) => ['invoices', 'customer-statement', id, query] as const satisfies readonly [LiveData, ...unknown[]],
  datedCreditNotes: (query: DatedInvoicesQuery) => ['invoices', 'credit-notes', query] as const satisfies readonly [LiveData, ...unknown[]],
  /** The public page's: not a LiveData kind (no stream without a session). */
  publicInvoice: (link: string) => ['public-invoice', link] as const,
};

/** GET user/customer: live customers by name, optionally searched. */
export const customersQueryOptions = (query: CustomerListQuery = {}) =>
  queryOptions({
    queryKey: salesKeys.customers(query),
    queryFn: async ({ signal }) => (await apiRequest('user/customer', CustomerListResponseSchema, { signal, query: { search: query.search, limit: query.limit } })).customers,
  });

/** GET user/invoice/{id}: one invoice with lines, draws (costs only with view:cost), payments and refunds. */
export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: salesKeys.invoice(id),
    queryFn: async ({ signal }) => (await apiRequest(`user/invoice/${encodeURIComponent(id)}`, InvoiceResponseSchema, { signal })).invoice,
  });

/** GET user/invoice/dated: the invoice table by date (default today) and locations. */
export const datedInvoicesQueryOptions = (query: DatedInvoicesQuery) =>
  queryOptions({
    queryKey: salesKeys.datedInvoices(query),
    queryFn: async ({ signal }) =>
      (await apiRequest('user/invoice/dated', InvoiceListResponseSchema, { signal, query: { startDate: query.startDate, endDate: query.endDate, locations: query.locations } }))
        .invoices,
  });

/** GET user/customer/{id}/statement: what they bought and owe, their invoices and credit notes, and a statement for the range. */
export const customerStatementQueryOptions = (id: string, query: CustomerStatementQuery = {}) =>
  queryOptions({
    queryKey: salesKeys.customerStatement(id, query),
    queryFn: async ({ signal }) =>
      (await apiRequest(`user/customer/${encodeURIComponent(id)}/statement`, CustomerStatementResponseSchema, { signal, query: { startDate: query.startDate, endDate: query.endDate } })).statement,
  });

/** GET user/credit-note/dated: the credit notes made in the range (default today) at the locations. */
export const datedCreditNotesQueryOptions = (query: DatedInvoicesQuery) =>
  queryOptions({
    queryKey: salesKeys.datedCreditNotes(query),
    queryFn: async ({ signal }) =>
      (await apiRequest('user/credit-note/dated', CreditNoteListResponseSchema, { signal, query: { startDate: query.startDate, endDate: query.endDate, locations: query.locations } }))
        .creditNotes,
  });

/** GET user/invoice/paginated: newest first. */
export const paginatedInvoicesQueryOptions = (query: PaginatedInvoicesQuery) =>
  queryOptions({
    queryKey: salesKeys.paginatedInvoices(query),
    ...apiQuery('user/invoice/paginated', InvoicePageResponseSchema, { page: query.page, limit: query.limit, locations: query.locations }),
  });

/** GET user/invoice/search: by number, customer name, e-mail or phone. */
export const searchInvoicesQueryOptions = (query: SearchInvoicesQuery) =>
  queryOptions({
    queryKey: salesKeys.searchInvoices(query),
    queryFn: async ({ signal }) =>
      (await apiRequest('user/invoice/search', InvoiceListResponseSchema, { signal, query: { search: query.search, limit: query.limit, locations: query.locations } })).invoices,
  });

/** GET public/invoice/{link}: without credentials and without retry (specification, section 7). */
export const publicInvoiceQueryOptions = (link: string) =>
  queryOptions({
    queryKey: salesKeys.publicInvoice(link),
    queryFn: ({ signal }) => apiRequest(`public/invoice/${encodeURIComponent(link)}`, PublicInvoiceResponseSchema, { signal, credentials: 'omit' }),
    retry: false,
  });

/** A fresh key for one sale: send it again with a retry of the same sale, never with another. */
export const newIdempotencyKey = (): string => globalThis.crypto.randomUUID();

/** The selling calls that change something; each answers with its contract's shape. */
export const salesApi = {
  createCustomer: (body: CreateCustomerRequest) => apiRequest('user/customer', CustomerResponseSchema, { method: 'POST', body }),
  updateCustomer: (body: UpdateCustomerRequest) => apiRequest('user/customer', CustomerResponseSchema, { method: 'PATCH', body }),
  deleteCustomer: (id: string) => apiRequest(`user/customer/${encodeURIComponent(id)}`, MessageResponseBodySchema, { method: 'DELETE' }),
  /** `idempotencyKey`: one per sale the cashier means (newIdempotencyKey), reused for its retries. */
  createInvoice: (body: CreateInvoiceRequest, idempotencyKey?: string) =>
    apiRequest('user/invoice', InvoiceResponseSchema, { method: 'POST', body, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined }),
  addPayment: (body: AddPaymentRequest) => apiRequest('user/invoice/add-payment', InvoiceResponseSchema, { method: 'POST', body }),
  refund: (body: RefundRequest) => apiRequest('user/invoice/refund', InvoiceResponseSchema, { method: 'POST', body }),
  /** Cancels the invoice (DELETE user/invoice/{id}); it stays readable, marked cancelled. */
  cancelInvoice: (id: string) => apiRequest(`user/invoice/${encodeURIComponent(id)}`, InvoiceResponseSchema, { method: 'DELETE' }),
  revokeLink: (invoiceID: string) => apiRequest('user/invoice/link/revoke', InvoiceResponseSchema, { method: 'POST', body: { invoiceID } }),
  /** E-mails the public link to the invoice's customer now. */
  sendLink: (invoiceID: string) => apiRequest('user/invoice/link/send', InvoiceResponseSchema, { method: 'POST', body: { invoiceID } }),
  reissueLink: (invoiceID: string) => apiRequest('user/invoice/link/reissue', InvoiceResponseSchema, { method: 'POST', body: { invoiceID } }),
};
