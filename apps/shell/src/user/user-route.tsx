import { Navigate, Outlet, useSearchParams } from 'react-router-dom';
import { LoadingIndicator } from '@stockbook/ui';
import { ThemedAntd } from '@stockbook/ui/antd';
import { Brand } from '../layouts/brand';
import { REDIRECT_PARAM, safeRedirect } from '../session/redirect';
import { useCurrentSession } from '../session/use-session';

/**
 * The guard of /user/*: a signed-in visitor goes on to /x (or back where they were going, from
 * `?redirect=`); everyone else gets the sign-in pages, in antd (loaded with this route only).
 */
export function UserRoute() {
  const session = useCurrentSession();
  const [params] = useSearchParams();
  if (session.pending) return <LoadingIndicator />;
  if (session.user) return <Navigate to={safeRedirect(params.get(REDIRECT_PARAM))} replace />;
  return (
    <ThemedAntd>
      <div className="sb-auth">
        <header className="sb-auth-header">
          <Brand to="/" />
        </header>
        <main className="sb-auth-main">
          <Outlet />
        </main>
      </div>
    </ThemedAntd>
  );
}

export { UserRoute as Component };
