import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys, inventoryKeys, transferKeys, transfersApi } from '@stockbook/api-client';

/**
 * The transfer calls. Each success reloads what it changed here (transfers, the items' stock and
 * the activity log); the server's SSE `invalidate` does the same for every other open screen.
 */
export function useTransferWrites() {
  const queryClient = useQueryClient();
  const reload = () => Promise.all([transferKeys.all(), inventoryKeys.items.all(), accountKeys.allActivity()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return {
    create: useMutation({ mutationFn: transfersApi.create, onSuccess: reload }),
    complete: useMutation({ mutationFn: transfersApi.complete, onSuccess: reload }),
    cancel: useMutation({ mutationFn: transfersApi.cancel, onSuccess: reload }),
    delete: useMutation({ mutationFn: transfersApi.delete, onSuccess: reload }),
  };
}
export type TransferWrites = ReturnType<typeof useTransferWrites>;
