import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Banner, header, page, footer: the frame of every public page (and of the error page). */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="sb-public">
      <div className="sb-banner">We stand with Palestine 🍉</div>
      <SiteHeader />
      <main className="sb-main">{children}</main>
      <SiteFooter />
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
