import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, currentUserQueryOptions } from '@stockbook/api-client';
import { MessageResponseBodySchema, type CurrentUser } from '@stockbook/contracts';
import { stopLiveEvents } from './live-events';
import { setSessionHint } from './session-hint';
import { markLeaving, resetSession } from './session-store';

/**
 * A sign-in or registration succeeded: nothing of an earlier session survives (a reset), and
 * the new user is the current user at once (the /user guard then sends them on).
 */
export function startSession(queryClient: QueryClient, user: CurrentUser): void {
  resetSession(queryClient);
  setSessionHint(true);
  queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
}

/**
 * Signs out: the server ends the session (if it still stands), then a reset clears the flags
 * and every cached datum. While leaving, the frame sends the visitor to the sign-in page and
 * the 401s that may come meanwhile are not a lost session.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  markLeaving();
  setSessionHint(false);
  stopLiveEvents(); // our own `logout` (signed-out) is not news
  try {
    // accountApi.logout() posts no body with a JSON content type, which the API's Fastify refuses
    // (400, empty JSON body): send an empty object until the client omits the header.
    await apiRequest('user/logout', MessageResponseBodySchema, { method: 'POST', body: {} });
  } catch {
    // the session may already be gone; signing out still ends it here
  } finally {
    resetSession(queryClient);
  }
}
