import * as Dialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShell } from '@stockbook/shell-context';
import { LinkIcon } from './icons';
import { PALETTE_LINKS } from './site-links';
import { THEME_OPTIONS } from './theme-switcher';
import type { CommandPaletteProps } from './palette-types';

/**
 * Search the pages (the public site's, or the screens of /x the user may open), find what the
 * frame's finder finds (items, inside /x) and switch the theme; Escape or a click outside closes it.
 */
export default function CommandPaletteDialog({ open, onOpenChange, links = PALETTE_LINKS, Finder }: CommandPaletteProps) {
  const navigate = useNavigate();
  const { theme } = useShell();
  const [query, setQuery] = useState('');
  const run = (action: () => void) => {
    onOpenChange(false);
    setQuery('');
    action();
  };
  const go = (to: string) => run(() => void navigate(to));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sb-overlay" />
        <Dialog.Content className="sb-palette" aria-describedby={undefined}>
          <Dialog.Title className="sb-sr-only">Search and commands</Dialog.Title>
          <Command label="Search and commands" loop>
            <Command.Input className="sb-palette-input" placeholder="Type a command or search..." value={query} onValueChange={setQuery} />
            <Command.List className="sb-palette-list">
              <Command.Empty className="sb-palette-empty">No results found.</Command.Empty>
              <Command.Group heading="Links">
                {links.map((link) => (
                  <Command.Item key={link.to} value={link.label} keywords={link.keywords} onSelect={() => go(link.to)}>
                    <LinkIcon />
                    {link.label}
                  </Command.Item>
                ))}
              </Command.Group>
              {Finder && <Finder query={query} onChoose={go} />}
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
