import type { KeyboardEvent } from 'react';

/**
 * Keeps an Escape pressed in a field of a dialog (a tag input, a select with its list open) to
 * that field: it closes the list or leaves the typing, not the whole dialog with what was entered.
 */
export function stopEscape(event: KeyboardEvent<HTMLElement>): void {
  if (event.key === 'Escape') event.stopPropagation();
}
