import * as Dialog from '@radix-ui/react-dialog';
import { NavLink, useLocation } from 'react-router-dom';
import { useShell } from '@stockbook/shell-context';
import { hasSessionHint } from '../session/session-hint';
import { Brand } from './brand';
import { isWithin } from './site-links';

export interface MobileMenuSheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The side menu itself: slides in from the left; any link closes it. */
export default function MobileMenuSheet({ open, onOpenChange }: MobileMenuSheetProps) {
  const { config } = useShell();
  const { pathname } = useLocation();
  const close = () => onOpenChange(false);
  const inDocs = isWithin(pathname, '/docs');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sb-overlay" />
        <Dialog.Content id="sb-mobile-menu" className="sb-sheet" aria-describedby={undefined}>
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
              className={inDocs ? 'active' : undefined}
              aria-current={inDocs ? 'page' : undefined}
            >
              Documentation
            </a>
            {/* The header's Sign up shows on wide screens only: here on a phone. */}
            {!hasSessionHint() && (
              <NavLink to="/user/registration" onClick={close}>
                Sign up
              </NavLink>
            )}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
