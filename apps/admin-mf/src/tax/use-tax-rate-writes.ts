import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys, taxApi, taxKeys } from '@stockbook/api-client';
import type { UpdateTaxRateRequest } from '@stockbook/contracts';

/**
 * The tax rate writes (administrators). Each success reloads the rates and the activity log
 * (every write is logged); the API's `invalidate` event does the same for other screens, a
 * moment later.
 */
export function useTaxRateWrites() {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taxKeys.rates() }),
      queryClient.invalidateQueries({ queryKey: accountKeys.allActivity() }),
    ]);
  return {
    create: useMutation({ mutationFn: taxApi.createRate, onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: UpdateTaxRateRequest }) => taxApi.updateRate(id, body), onSuccess }),
    remove: useMutation({ mutationFn: taxApi.deleteRate, onSuccess }),
  };
}
