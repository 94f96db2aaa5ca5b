import { useCallback, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { CommandPalette, usePaletteShortcut } from './command-palette';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { hasSessionHint } from '../session/session-hint';

/** Banner, header, page, footer: the frame of every public page (and of the error page). */
export function PublicFrame({ children }: { children: ReactNode }) {
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [signedIn] = useState(hasSessionHint);
  const togglePalette = useCallback(() => setPaletteOpen((open) => !open), []);
  usePaletteShortcut(togglePalette);
  return (
    <div className="sb-public">
      <div className="sb-banner">We stand with Palestine 🍉</div>
      <SiteHeader onOpenSearch={togglePalette} />
      <main className="sb-main">{children}</main>
      <SiteFooter />
      <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} visitorActions={signedIn} />
    </div>
  );
}

export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
