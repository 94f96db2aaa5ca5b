import { Suspense, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useShell } from '@stockbook/shell-context';
import { lazyExport } from '@stockbook/ui';
import { Brand } from './brand';
import { SearchIcon } from './icons';
import { preloadCommandPalette } from './command-palette';
import { MobileMenu } from './mobile-menu';
import { isWithin } from './site-links';
import { ThemeSwitcher } from './theme-switcher';
import { LoginLink } from './login-link';
import { hasSessionHint } from '../session/session-hint';

// The account's code (and user/details) loads only for a browser that was signed in.
const AccountEntry = lazyExport(() => import('./account-entry'), 'default');

/** The sticky public header: brand, navigation, search, theme and Login (or, signed in, the account and the way into /x). */
export function SiteHeader({ onOpenSearch }: { onOpenSearch(): void }) {
  const { config } = useShell();
  const [signedIn] = useState(hasSessionHint);
  const { pathname } = useLocation();
  const inDocs = isWithin(pathname, '/docs');
  return (
    <header className="sb-header">
      <div className="sb-header-inner">
        <MobileMenu />
        <Brand to="/" />
        <nav className="sb-nav sb-nav-main" aria-label="Main">
          <NavLink to="/" end>
            Home
          </NavLink>
          <NavLink to="/features">Features</NavLink>
          <NavLink to="/pricing">Pricing</NavLink>
          <a
            href={config.docsUrl}
            target="_blank"
            rel="noreferrer"
            className={inDocs ? 'active' : undefined}
            aria-current={inDocs ? 'page' : undefined}
          >
            Documentation
          </a>
        </nav>
        <div className="sb-header-actions">
          <button
            type="button"
            className="sb-search-button"
            onClick={onOpenSearch}
            onPointerEnter={preloadCommandPalette}
            onFocus={preloadCommandPalette}
          >
            <SearchIcon />
            <span className="sb-wide-only">Search website...</span>
            <span className="sb-narrow-only">Search...</span>
            <kbd className="sb-wide-only" aria-hidden="true">
              /
            </kbd>
          </button>
          <ThemeSwitcher />
          {signedIn ? (
            <Suspense fallback={<LoginLink />}>
              <AccountEntry />
            </Suspense>
          ) : (
            <LoginLink />
          )}
        </div>
      </div>
    </header>
  );
}
