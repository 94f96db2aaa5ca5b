import { errorMessage, shellAnnounces } from '@stockbook/ui/antd';
import type { Notice } from '@stockbook/shell-context';

/** A failed write outside a form: said once (the shell already says network, 401, 429 and 5xx). */
export const failed = (notify: (notice: Notice) => void, title: string) => (error: unknown) => {
  if (!shellAnnounces(error)) notify({ kind: 'error', title, description: errorMessage(error) });
};
