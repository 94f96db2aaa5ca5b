import { Suspense, useEffect, useState } from 'react';
import { lazyExport } from '@stockbook/ui';
import type { CommandPaletteProps } from './palette-types';

// The palette (cmdk and its dialog) loads on first use: no visitor pays for it up front.
const CommandPaletteDialog = lazyExport(() => import('./command-palette-dialog'), 'default');

/** Fetches the palette's code ahead of a likely open (hover or focus on the search button). */
export function preloadCommandPalette(): void {
  CommandPaletteDialog.preload().catch(() => undefined); // the dialog reports a failure when it opens
}

/** True while the visitor is typing somewhere a `/` is text, not a shortcut. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image'].includes(target.type);
  }
  return false;
}

/**
 * True while a modal dialog other than the palette is open (an antd drawer or dialog): the page
 * behind it is out of reach, and the palette's focus trap and the dialog's would pull focus back
 * and forth without end, freezing the page.
 */
function otherModalOpen(): boolean {
  return [...document.querySelectorAll('[aria-modal="true"]')].some((dialog) => !dialog.classList.contains('sb-palette') && dialog.getClientRects().length > 0);
}

/** `/` anywhere outside a text field toggles the palette; not while another modal dialog is open. */
export function usePaletteShortcut(toggle: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTextEntry(event.target) || otherModalOpen()) return;
      event.preventDefault();
      toggle();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [toggle]);
}

/** The palette, with what its owner offers; mounted from the first time it opens. */
export function CommandPalette(props: CommandPaletteProps) {
  const { open } = props;
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <CommandPaletteDialog {...props} />
    </Suspense>
  );
}
