import * as Dialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShell } from '@stockbook/shell-context';
import { LinkIcon } from './icons';
import { PALETTE_LINKS } from './site-links';
import { THEME_OPTIONS } from './theme-switcher';

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

/** `/` anywhere outside a text field toggles the palette. */
export function usePaletteShortcut(toggle: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTextEntry(event.target)) return;
      event.preventDefault();
      toggle();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [toggle]);
}

interface CommandPaletteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Search the site's pages and switch the theme; Escape or a click outside closes it. */
export function CommandPalette({ open, onOpenChange }: CommandPaletteProps) {
  const navigate = useNavigate();
  const { theme } = useShell();
  const run = (action: () => void) => {
    onOpenChange(false);
    action();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sb-overlay" />
        <Dialog.Content className="sb-palette" aria-describedby={undefined}>
          <Dialog.Title className="sb-sr-only">Search and commands</Dialog.Title>
          <Command label="Search and commands" loop>
            <Command.Input className="sb-palette-input" placeholder="Type a command or search..." />
            <Command.List className="sb-palette-list">
              <Command.Empty className="sb-palette-empty">No results found.</Command.Empty>
              <Command.Group heading="Links">
                {PALETTE_LINKS.map((link) => (
                  <Command.Item
                    key={link.to}
                    value={link.label}
                    keywords={link.keywords}
                    onSelect={() => run(() => void navigate(link.to))}
                  >
                    <LinkIcon />
                    {link.label}
                  </Command.Item>
                ))}
              </Command.Group>
              <Command.Group heading="Theme">
                {THEME_OPTIONS.map((option) => (
                  <Command.Item
                    key={option.value}
                    value={`Theme ${option.label}`}
                    onSelect={() => run(() => theme.setPreference(option.value))}
                  >
                    {option.icon}
                    {option.label}
                  </Command.Item>
                ))}
              </Command.Group>
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
