import type { QueryClient } from '@tanstack/react-query';
import { datedExpensesQueryOptions, datedInvoicesQueryOptions, expenseQueryOptions, invoiceQueryOptions } from '@stockbook/api-client';
import type { Transaction } from '@stockbook/contracts';
import type { TransactionDocuments } from './transactions-csv';

interface Scope {
  startDate: string;
  endDate: string;
  locations?: string[];
}

/** As long as the ledger's own links keep a loaded invoice or expense (transaction-subject.tsx). */
const STALE = 60_000;
/** At most this many single reads at once. */
const AT_ONCE = 6;

async function each(ids: readonly string[], read: (id: string) => Promise<void>): Promise<void> {
  for (let start = 0; start < ids.length; start += AT_ONCE) await Promise.all(ids.slice(start, start + AT_ONCE).map(read));
}

/**
 * The invoice numbers and expense names the transactions export writes: first what the screen's
 * dates and locations hold in one call each (a day's sales, its expenses), then each one from before
 * (a payment on an older invoice) alone, from the cache when the ledger has already shown it. What
 * the user may not see, or cannot be read, stays unnamed ("Invoice", "Expense").
 */
export async function loadTransactionDocuments(
  queryClient: QueryClient,
  transactions: readonly Transaction[],
  scope: Scope,
  may: { invoices: boolean; expenses: boolean },
): Promise<TransactionDocuments> {
  const invoices = new Map<string, number>();
  const expenses = new Map<string, { category: string; description: string }>();
  const invoiceIds = [...new Set(transactions.flatMap((row) => (row.invoiceID ? [row.invoiceID] : [])))];
  const expenseIds = [...new Set(transactions.flatMap((row) => (row.expenseID ? [row.expenseID] : [])))];
  if (may.invoices && invoiceIds.length > 0) {
    for (const invoice of await queryClient.fetchQuery({ ...datedInvoicesQueryOptions(scope), staleTime: STALE }).catch(() => [])) invoices.set(invoice._id, invoice.invoiceNumber);
    await each(
      invoiceIds.filter((id) => !invoices.has(id)),
      async (id) => {
        const invoice = await queryClient.fetchQuery({ ...invoiceQueryOptions(id), staleTime: STALE }).catch(() => null);
        if (invoice) invoices.set(id, invoice.invoiceNumber);
      },
    );
  }
  if (may.expenses && expenseIds.length > 0) {
    for (const expense of await queryClient.fetchQuery({ ...datedExpensesQueryOptions(scope), staleTime: STALE }).catch(() => [])) expenses.set(expense._id, expense);
    await each(
      expenseIds.filter((id) => !expenses.has(id)),
      async (id) => {
        const expense = await queryClient.fetchQuery({ ...expenseQueryOptions(id), staleTime: STALE }).catch(() => null);
        if (expense) expenses.set(id, expense);
      },
    );
  }
  return { invoiceNumber: (id) => invoices.get(id), expense: (id) => expenses.get(id) };
}
