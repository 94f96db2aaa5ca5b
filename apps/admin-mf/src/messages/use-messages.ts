import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi, accountKeys } from '@stockbook/api-client';

/** Sending (reloads the inbox and the Sent list) and marking read (answers with the inbox, set at once). */
export function useMessageActions() {
  const queryClient = useQueryClient();
  return {
    send: useMutation({
      mutationFn: accountApi.sendMessage,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.allMessages() }),
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
