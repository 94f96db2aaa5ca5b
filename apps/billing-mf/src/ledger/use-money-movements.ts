import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys, moneyApi, moneyKeys } from '@stockbook/api-client';

/**
 * Capital and withdrawals (administrators only), and till counts (count:till). Each success reloads the ledger, the locations'
 * balances and the activity log here; the server's SSE `invalidate` does the same elsewhere.
 */
export function useMoneyMovements() {
  const queryClient = useQueryClient();
  const reload = () => Promise.all([moneyKeys.allTransactions(), accountKeys.allLocations(), accountKeys.allActivity()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return {
    capital: useMutation({ mutationFn: moneyApi.addCapital, onSuccess: reload }),
    withdrawal: useMutation({ mutationFn: moneyApi.withdraw, onSuccess: reload }),
    countTill: useMutation({ mutationFn: moneyApi.countTill, onSuccess: reload }),
  };
}
export type MoneyMovements = ReturnType<typeof useMoneyMovements>;
