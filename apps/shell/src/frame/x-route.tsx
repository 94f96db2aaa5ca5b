import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router-dom';
import { ShellSessionProvider, type ShellSession } from '@stockbook/shell-context';
import { ThemedAntd } from '@stockbook/ui/antd';
import { connectLiveEvents, type LiveStatus } from '../session/live-events';
import { LOGIN_PATH, loginPathFor } from '../session/redirect';
import { signOut } from '../session/session-actions';
import { setSessionHint } from '../session/session-hint';
import { useCurrentSession } from '../session/use-session';
import { FramePlaceholder } from './frame-placeholder';
import { SessionEndedScreen } from './session-ended-dialog';
import { useLocationChoice } from './use-location-choice';
import { XFrame } from './x-frame';

/**
 * The stream's state on <html data-live-session> (tests wait for "open"): set on the element, not
 * kept in React state, whose two changes at start-up rendered the whole frame twice more while its
 * screen was loading.
 */
function showLiveStatus(status: LiveStatus): void {
  document.documentElement.dataset.liveSession = status;
}

/**
 * The guard of /x: unauthenticated visitors go to the sign-in page (replacing history, noting
 * where they were going); a session that ended while open shows the signed-out dialog; a
 * signed-in user gets the frame, the live event stream, and the session lent to every remote.
 */
export function XRoute() {
  const session = useCurrentSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { user } = session;
  const choice = useLocationChoice(user);

  const userId = user?._id;
  useEffect(() => {
    if (!userId) return undefined;
    setSessionHint(true); // the public pages show this account instead of Login

    return connectLiveEvents({ queryClient, onStatus: showLiveStatus });
  }, [userId, queryClient]);

  const { locationId, setLocationId, allowAll: allowAllLocations } = choice;
  const value = useMemo<ShellSession>(
    () => ({ user, state: session.state, locationId, allowAllLocations, setLocationId, signOut: () => signOut(queryClient) }),
    [user, session.state, locationId, allowAllLocations, setLocationId, queryClient],
  );

  if (session.leaving) return <Navigate to={LOGIN_PATH} replace />;
  if (session.state !== 'active') {
    return (
      <ThemedAntd>
        <SessionEndedScreen state={session.state} reason={session.reason} />
      </ThemedAntd>
    );
  }
  if (session.pending) return <FramePlaceholder />;
  if (!user) return <Navigate to={loginPathFor(location)} replace />;
  return (
    <ShellSessionProvider value={value}>
      <ThemedAntd>
        <XFrame choice={choice} />
      </ThemedAntd>
    </ShellSessionProvider>
  );
}
