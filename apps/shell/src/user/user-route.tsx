import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { LoadingIndicator } from '@stockbook/ui';
import { ThemedAntd } from '@stockbook/ui/antd';
import { Brand } from '../layouts/brand';
import { REDIRECT_PARAM, safeRedirect } from '../session/redirect';
import { useCurrentSession } from '../session/use-session';
import { LINK_PAGES, SignedInNotice } from './signed-in-notice';

/**
 * The guard of /user/*: a signed-in visitor goes on to /x (or back where they were going, from
 * `?redirect=`), except on a page opened from an e-mail's link, where they are asked first;
 * everyone else gets the sign-in pages, in antd (loaded with this route only).
 */
export function UserRoute() {
  const session = useCurrentSession();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  if (session.pending) return <LoadingIndicator />;
  const linkPage = LINK_PAGES.includes(pathname.replace(/\/+$/, ''));
  if (session.user && !linkPage) return <Navigate to={safeRedirect(params.get(REDIRECT_PARAM))} replace />;
  // Signing out from the notice, it stays (its button busy) until the API has ended the session:
  // the link's page never shows while the old session still holds.
  const signedInAs = session.user ?? (linkPage && session.leaving ? session.lastUser : null);
  return (
    <ThemedAntd>
      <div className="sb-auth">
        <header className="sb-auth-header">
          <Brand to="/" />
        </header>
        <main className="sb-auth-main">{signedInAs ? <SignedInNotice user={signedInAs} /> : <Outlet />}</main>
      </div>
    </ThemedAntd>
  );
}

export { UserRoute as Component };
