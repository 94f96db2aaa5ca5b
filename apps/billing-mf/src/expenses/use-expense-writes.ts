import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys, moneyApi, moneyKeys } from '@stockbook/api-client';

/**
 * The expense calls. Each success reloads what it changed here (the expenses, the ledger and the
 * locations' balances, the activity log); the server's SSE `invalidate` does the same for every
 * other open screen.
 */
export function useExpenseWrites() {
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all([moneyKeys.allExpenses(), moneyKeys.allTransactions(), accountKeys.allLocations(), accountKeys.allActivity()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return {
    create: useMutation({ mutationFn: moneyApi.createExpense, onSuccess: reload }),
    cancel: useMutation({ mutationFn: moneyApi.cancelExpense, onSuccess: reload }),
    delete: useMutation({ mutationFn: moneyApi.deleteExpense, onSuccess: reload }),
  };
}
export type ExpenseWrites = ReturnType<typeof useExpenseWrites>;
