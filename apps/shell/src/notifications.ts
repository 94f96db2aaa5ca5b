import { toast } from 'sonner';
import type { Notice } from '@stockbook/shell-context';

/** Shows a toast in the shell's Toaster (at most 5 visible, rich colours, a close button). */
export function notify(notice: Notice): void {
  toast[notice.kind](notice.title, {
    description: notice.description,
    duration: notice.persistent ? Number.POSITIVE_INFINITY : undefined,
    id: notice.id,
  });
}
