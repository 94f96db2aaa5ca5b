import { queryOptions } from '@tanstack/react-query';
import {
  ExpenseListResponseSchema,
  ExpenseResponseSchema,
  MoneyMovementResponseSchema,
  TransactionListResponseSchema,
  TransactionPageResponseSchema,
  TillCountResponseSchema,
  TillResponseSchema,
  type CapitalRequest,
  type TillCountRequest,
  type CreateExpenseRequest,
  type DatedExpensesQuery,
  type DatedTransactionsQuery,
  type LatestTransactionsQuery,
  type LiveData,
  type PaginatedTransactionsQuery,
  type WithdrawalRequest,
} from '@stockbook/contracts';
import { apiRequest } from './http';

/**
 * Query keys and calls of the money book outside sales (contracts in `expenses.contract.ts` and
 * `transactions.contract.ts`): expenses, transactions with the locations' balances, capital and
 * withdrawals. The first element of every key is the `LiveData` kind an SSE `invalidate` names.
 */
export const moneyKeys = {
  allExpenses: () => ['expenses'] as const satisfies readonly [LiveData],
  expense: (id: string) => ['expenses', 'one', id] as const satisfies readonly [LiveData, ...unknown[]],
  datedExpenses: (query: DatedExpensesQuery) => ['expenses', 'dated', query] as const satisfies readonly [LiveData, ...unknown[]],
  allTransactions: () => ['transactions'] as const satisfies readonly [LiveData],
  latestTransactions: (query: LatestTransactionsQuery) => ['transactions', 'latest', query] as const satisfies readonly [LiveData, ...unknown[]],
  paginatedTransactions: (query: PaginatedTransactionsQuery) => ['transactions', 'paginated', query] as const satisfies readonly [LiveData, ...unknown[]],
  datedTransactions: (query: DatedTransactionsQuery) => ['transactions', 'dated', query] as const satisfies readonly [LiveData, ...unknown[]],
  till: (locationId: string) => ['transactions', 'till', locationId] as const satisfies readonly [LiveData, ...unknown[]],
};

/** GET user/till-count: the cash a location's till should hold now, and its latest counts. */
export const tillQueryOptions = (locationId: string) =>
  queryOptions({
    queryKey: moneyKeys.till(locationId),
    queryFn: ({ signal }) => apiRequest('user/till-count', TillResponseSchema, { signal, query: { locationID: locationId } }),
  });

/** GET user/expense: the expense table by date (default today) and locations; cancelled ones included. */
export const datedExpensesQueryOptions = (query: DatedExpensesQuery) =>
  queryOptions({
    queryKey: moneyKeys.datedExpenses(query),
    queryFn: async ({ signal }) =>
      (await apiRequest('user/expense', ExpenseListResponseSchema, { signal, query: { startDate: query.startDate, endDate: query.endDate, locations: query.locations } })).expenses,
  });

/** GET user/expense/{id}. */
export const expenseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: moneyKeys.expense(id),
    queryFn: async ({ signal }) => (await apiRequest(`user/expense/${encodeURIComponent(id)}`, ExpenseResponseSchema, { signal })).expense,
  });

/** GET user/transaction: the latest transactions (default 50) and the balances of the locations shown. */
export const latestTransactionsQueryOptions = (query: LatestTransactionsQuery = {}) =>
  queryOptions({
    queryKey: moneyKeys.latestTransactions(query),
    queryFn: ({ signal }) => apiRequest('user/transaction', TransactionListResponseSchema, { signal, query: { limit: query.limit, type: query.type, locations: query.locations } }),
  });

/** GET user/transaction/paginated: newest first, with the running balance of each row. */
export const paginatedTransactionsQueryOptions = (query: PaginatedTransactionsQuery) =>
  queryOptions({
    queryKey: moneyKeys.paginatedTransactions(query),
    queryFn: ({ signal }) =>
      apiRequest('user/transaction/paginated', TransactionPageResponseSchema, { signal, query: { page: query.page, limit: query.limit, type: query.type, locations: query.locations } }),
  });

/** GET user/transaction/dated: the ledger by date (default today) and locations. */
export const datedTransactionsQueryOptions = (query: DatedTransactionsQuery) =>
  queryOptions({
    queryKey: moneyKeys.datedTransactions(query),
    queryFn: ({ signal }) =>
      apiRequest('user/transaction/dated', TransactionListResponseSchema, {
        signal,
        query: { startDate: query.startDate, endDate: query.endDate, type: query.type, money: query.money, locations: query.locations },
      }),
  });

/** The money calls that change something; each answers with its contract's shape. */
export const moneyApi = {
  createExpense: (body: CreateExpenseRequest) => apiRequest('user/expense', ExpenseResponseSchema, { method: 'POST', body }),
  /** Reverses its money; it stays listed, marked cancelled. */
  cancelExpense: (expenseID: string) => apiRequest('user/expense/cancel', ExpenseResponseSchema, { method: 'POST', body: { expenseID } }),
  /** Takes it out of the lists, reversing its money unless already cancelled. */
  deleteExpense: (expenseID: string) => apiRequest('user/expense/delete', ExpenseResponseSchema, { method: 'POST', body: { expenseID } }),
  /** Root users and user admins only. */
  addCapital: (body: CapitalRequest) => apiRequest('user/admin/capital', MoneyMovementResponseSchema, { method: 'POST', body }),
  /** Root users and user admins only; beyond the balance only with `allowNegativeBalance: true` (else 409 INSUFFICIENT_BALANCE). */
  withdraw: (body: WithdrawalRequest) => apiRequest('user/admin/withdrawal', MoneyMovementResponseSchema, { method: 'POST', body }),
  /** count:till at the location: books the over or short (till.contract.ts). */
  countTill: (body: TillCountRequest) => apiRequest('user/till-count', TillCountResponseSchema, { method: 'POST', body }),
};
