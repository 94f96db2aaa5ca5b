import { App } from 'antd';
import { useCallback } from 'react';
import { useOptionalShell, type Notice } from '@stockbook/shell-context';

/**
 * Shows a toast through the shell; on the remote's own dev server (no shell) antd's
 * notification stands in.
 */
export function useNotify(): (notice: Notice) => void {
  const shell = useOptionalShell();
  const { notification } = App.useApp();
  return useCallback(
    (notice: Notice) => {
      if (shell) shell.notify(notice);
      else notification[notice.kind]({ title: notice.title, description: notice.description });
    },
    [shell, notification],
  );
}
