import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi, accountKeys } from '@stockbook/api-client';

/** Sending and marking read; both reload the inbox (mark-read answers with it, so it is set at once). */
export function useMessageActions() {
  const queryClient = useQueryClient();
  return {
    send: useMutation({
      mutationFn: accountApi.sendMessage,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.inbox() }),
    }),
    markRead: useMutation({
      mutationFn: accountApi.markMessagesRead,
      onSuccess: (inbox) => {
        queryClient.setQueryData(accountKeys.inbox(), inbox);
        return queryClient.invalidateQueries({ queryKey: accountKeys.inbox() });
      },
    }),
  };
}
