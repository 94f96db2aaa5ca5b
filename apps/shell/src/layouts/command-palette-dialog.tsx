import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { currentUserQueryOptions } from '@stockbook/api-client';
import { useShell } from '@stockbook/shell-context';
import { frameActions } from '../frame/frame-links';
import { ActionIcon, LinkIcon, LocationIcon } from './icons';
import { PALETTE_LINKS } from './site-links';
import { THEME_OPTIONS } from './theme-switcher';
import type { CommandPaletteProps } from './palette-types';

/**
 * Search the pages (the public site's, or the screens of /x the user may open), take an action
 * (inside /x: New sale, Add item, Add expense... as the user's permissions allow), find what the
 * frame's finders find (items, invoices, customers), switch the working location and the theme ("switch theme"); Escape or a click
 * outside closes it.
 */
export default function CommandPaletteDialog({ open, onOpenChange, links = PALETTE_LINKS, actions: given = [], visitorActions = false, locationCommands = [], Finder }: CommandPaletteProps) {
  const navigate = useNavigate();
  // On the public site, a signed-in visitor's actions (by their permissions) beside the site's links.
  const visitor = useQuery({ ...currentUserQueryOptions(), enabled: visitorActions });
  const actions = given.length > 0 ? given : visitorActions && visitor.data ? frameActions(visitor.data) : [];
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
              {actions.length > 0 && (
                <Command.Group heading="Actions">
                  {actions.map((action) => (
                    <Command.Item key={action.to} value={action.label} keywords={action.keywords} onSelect={() => go(action.to)}>
                      <ActionIcon />
                      {action.label}
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              <Command.Group heading="Links">
                {links.map((link) => (
                  <Command.Item key={link.to} value={link.label} keywords={link.keywords} onSelect={() => go(link.to)}>
                    <LinkIcon />
                    {link.label}
                  </Command.Item>
                ))}
              </Command.Group>
              {Finder && <Finder query={query} onChoose={go} />}
              {locationCommands.length > 0 && (
                <Command.Group heading="Working location">
                  {locationCommands.map((command) => (
                    <Command.Item key={command.label} value={command.label} keywords={command.keywords} onSelect={() => run(command.run)}>
                      <LocationIcon />
                      {command.label}
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              <Command.Group heading="Theme">
                {THEME_OPTIONS.map((option) => (
                  <Command.Item
                    key={option.value}
                    value={`Theme ${option.label}`}
                    keywords={['switch theme', 'appearance', 'colours', 'dark mode', 'light mode']}
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
