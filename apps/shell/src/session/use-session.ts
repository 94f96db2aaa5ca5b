import { useQuery, type QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions, locationsQueryOptions } from '@stockbook/api-client';
import type { CurrentUser } from '@stockbook/contracts';
import { useSessionSnapshot, type SessionSnapshot } from './session-store';

export interface CurrentSession extends SessionSnapshot {
  /** The signed-in user; null when signed out, when user/details failed, or once the session ended. */
  readonly user: CurrentUser | null;
  /** The user last known, kept to word the signed-out dialog. */
  readonly lastUser: CurrentUser | null;
  /** user/details has not answered yet. */
  readonly pending: boolean;
}

/**
 * The session as the guards see it (sections 4 and 8): user/details (not refetched on focus,
 * not retried); its failure leaves the user signed out; an ended session counts as signed out.
 */
export function useCurrentSession(): CurrentSession {
  const snapshot = useSessionSnapshot();
  // 'always': an offline browser still gets its answer (a network error), not a paused query.
  // No retry on mount either: a failure stands (signed out) until a sign-in or a reset, so the
  // sign-in page the guard sends the visitor to does not ask (and toast) again.
  const query = useQuery({ ...currentUserQueryOptions(), networkMode: 'always', retryOnMount: false });
  const held = snapshot.state === 'active' && !snapshot.leaving && !query.isError;
  return {
    ...snapshot,
    user: held ? (query.data ?? null) : null,
    lastUser: query.data ?? null,
    pending: query.isPending && !snapshot.leaving,
  };
}

/** Asks user/details ahead of the guard (the same query useCurrentSession reads). */
export function prefetchCurrentSession(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(currentUserQueryOptions());
}

/**
 * Asks the frame's locations with the session rather than once it answered (the same query
 * useLocationChoice reads), so the frame's first render has them instead of rendering again when
 * they arrive. Only on a page the API drew the frame for: it saw a session, and route-preload.js
 * has the call on the way already.
 */
export function prefetchFrameLocations(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(locationsQueryOptions());
}
