import type { QueryClient } from '@tanstack/react-query';
import { API_ERROR_EVENT, type ApiErrorEventDetail } from '@stockbook/api-client';
import type { Notice } from '@stockbook/shell-context';
import { CURRENT_USER_KEY, decideApiError, type FailedCall } from './error-policy';
import { getSessionSnapshot, markSessionInactive } from './session-store';

/**
 * Revives the api-client's error event. Remotes may bundle their own copy of the client, so
 * the error is read by its shape, not with instanceof.
 */
function toFailedCall(detail: ApiErrorEventDetail): FailedCall {
  const error = detail.error as { name?: string; status?: unknown; code?: unknown; message?: unknown };
  const message = typeof error.message === 'string' ? error.message : '';
  if (typeof error.status !== 'number') return { path: detail.path, network: true, message };
  return {
    path: detail.path,
    network: false,
    status: error.status,
    code: typeof error.code === 'string' ? error.code : undefined,
    message,
  };
}

/** Whether a session is held now: a user is cached and the session has not ended. */
export function isSignedIn(queryClient: QueryClient): boolean {
  const session = getSessionSnapshot();
  return session.state === 'active' && !session.leaving && queryClient.getQueryData(CURRENT_USER_KEY) != null;
}

/**
 * The shell's one request-error policy (section 8), for the calls of the shell and of every
 * remote: toasts for 429, 500 and a network error on user/details; a 401 ends the session.
 */
export function listenToApiErrors(queryClient: QueryClient, notify: (notice: Notice) => void): () => void {
  const onError = (event: Event) => {
    const detail = (event as CustomEvent<ApiErrorEventDetail>).detail;
    if (!detail?.error) return;
    const call = toFailedCall(detail);
    const action = decideApiError(call, isSignedIn(queryClient));
    // A query retried (and a screen and the frame asking the same path) fails the same way each
    // time: one toast per path and status, renewed, not a stack of copies.
    if (action.kind === 'notify') notify({ ...action.notice, id: `api:${call.path}:${call.network ? 'network' : call.status}` });
    else if (action.kind === 'session-lost') markSessionInactive('unauthenticated');
  };
  window.addEventListener(API_ERROR_EVENT, onError);
  return () => window.removeEventListener(API_ERROR_EVENT, onError);
}
