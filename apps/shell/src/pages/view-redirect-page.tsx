import { Navigate, useSearchParams } from 'react-router-dom';
import { useShellSession } from '@stockbook/shell-context';
import { resolveViewRedirect } from '../access/view-redirect';

/** /x/view-redirect?type=<kind>&id=<id>: sends a link on to its entity's screen. */
export function ViewRedirectPage() {
  const { user } = useShellSession();
  const [params] = useSearchParams();
  if (!user) return null;
  const target = resolveViewRedirect(user, params.get('type'), params.get('id'));
  if (target.kind === 'go') return <Navigate to={target.to} replace />;
  return <Navigate to={target.kind === 'no-permission' ? '/x/no-permission' : '/x/not-found'} replace />;
}
