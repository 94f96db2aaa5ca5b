import { CommonErrorCode } from '@stockbook/contracts';
import type { Notice } from '@stockbook/shell-context';

/** The user-details call: its failure only means "signed out" (section 8). */
export const USER_DETAILS_PATH = 'user/details';

/**
 * The key of the current-user query (`accountKeys.currentUser()` of the api-client, which a
 * unit test keeps in step): spelled here so the first page's bundle need not carry the
 * account queries and their schemas just to ask whether someone is signed in.
 */
export const CURRENT_USER_KEY = ['user', 'details'] as const;

/** A failed call as the policy sees it (revived from the api-client's error event). */
export interface FailedCall {
  /** Path under /api/v1/, without the query. */
  readonly path: string;
  /** True when the API was never reached. */
  readonly network: boolean;
  readonly status?: number;
  readonly code?: string;
  readonly message: string;
}

export type PolicyAction =
  | { readonly kind: 'notify'; readonly notice: Notice }
  | { readonly kind: 'session-lost' }
  | { readonly kind: 'none' };

export const NETWORK_ERROR_NOTICE: Notice = {
  kind: 'error',
  title: 'Network Error',
  description: 'A network error occured, try again later.',
};
export const TOO_MANY_REQUESTS_NOTICE: Notice = { kind: 'error', title: 'Too many requests', description: 'Please try again later' };
export const SERVER_ERROR_TITLE = 'An Error occured';

/**
 * The error catalogue of section 8, as one decision per failed call:
 * - a network error on user/details: the Network Error toast (other calls' network errors are
 *   their screens' business);
 * - 401 on any call but user/details: the session is lost, but only when the server says the
 *   caller is not signed in (`UNAUTHENTICATED`); a refused sign-in also answers 401, with
 *   another code, and is the form's business;
 * - 429: Too many requests; 500: An Error occured with the server's message.
 * `signedIn` is whether a session is held: a 401 with no session loses nothing.
 */
export function decideApiError(call: FailedCall, signedIn: boolean): PolicyAction {
  if (call.network) return call.path === USER_DETAILS_PATH ? { kind: 'notify', notice: NETWORK_ERROR_NOTICE } : { kind: 'none' };
  if (call.status === 401) {
    const lost = call.path !== USER_DETAILS_PATH && call.code === CommonErrorCode.Unauthenticated && signedIn;
    return lost ? { kind: 'session-lost' } : { kind: 'none' };
  }
  if (call.status === 429) return { kind: 'notify', notice: TOO_MANY_REQUESTS_NOTICE };
  if (call.status === 500) return { kind: 'notify', notice: { kind: 'error', title: SERVER_ERROR_TITLE, description: call.message } };
  return { kind: 'none' };
}
