import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useShell } from '@stockbook/shell-context';
import { Brand } from './brand';
import { MenuIcon } from './icons';
import { isWithin } from './site-links';

/** Small screens: a side menu from the left with Features, Pricing and Documentation. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const { config } = useShell();
  const { pathname } = useLocation();
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="sb-icon-button sb-menu-button" aria-label="Toggle Menu">
        <MenuIcon />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="sb-overlay" />
        <Dialog.Content className="sb-sheet" aria-describedby={undefined}>
          <Dialog.Title className="sb-sr-only">Menu</Dialog.Title>
          <Brand to="/" onClick={close} />
          <nav className="sb-sheet-nav" aria-label="Menu">
            <NavLink to="/features" onClick={close}>
              Features
            </NavLink>
            <NavLink to="/pricing" onClick={close}>
              Pricing
            </NavLink>
            <a
              href={config.docsUrl}
              target="_blank"
              rel="noreferrer"
              onClick={close}
              className={isWithin(pathname, '/docs') ? 'active' : undefined}
              aria-current={isWithin(pathname, '/docs') ? 'page' : undefined}
            >
              Documentation
            </a>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
