import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { currentUserQueryOptions } from '@stockbook/api-client';
import { setSessionHint } from '../session/session-hint';
import { LoginLink } from './login-link';

/**
 * A signed-in visitor's account on the public site: their name and the way into /x instead of
 * Login. Loaded only when the browser was signed in (session-hint.ts); a session that has ended
 * since shows Login again and forgets the hint.
 */
export default function AccountEntry() {
  const details = useQuery(currentUserQueryOptions());
  const user = details.data;
  const signedOut = details.isError || (details.isSuccess && !user);
  useEffect(() => {
    if (signedOut) setSessionHint(false);
  }, [signedOut]);
  if (!user) return <LoginLink />;
  return (
    <>
      <span className="sb-account-name sb-wide-only" data-testid="public-account">
        {user.firstName} {user.lastName}
      </span>
      <Link to="/x" className="sb-button sb-button-primary" aria-label={`Open the app as ${user.firstName} ${user.lastName}`}>
        Open app
      </Link>
    </>
  );
}
