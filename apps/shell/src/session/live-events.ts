import type { QueryClient } from '@tanstack/react-query';
import { apiUrl, invalidateLiveData } from '@stockbook/api-client';
import { LiveDataSchema, LiveEventName, type LiveData } from '@stockbook/contracts';
import { markSessionInactive, markSessionInvalidated } from './session-store';

export const LIVE_EVENTS_PATH = 'user/sse';

/** A `logout` event's data: `signed-in` marks the session invalidated, anything else inactive. */
export function sessionStateAfterLogout(reason: string): 'invalidated' | 'inactive' {
  return reason.trim() === 'signed-in' ? 'invalidated' : 'inactive';
}

/** An `invalidate` event's data: the kinds to reload; unknown kinds and bad JSON reload nothing. */
export function parseInvalidate(data: string): LiveData[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter((kind): kind is LiveData => LiveDataSchema.safeParse(kind).success);
}

export type LiveStatus = 'connecting' | 'open' | 'closed';

interface LiveOptions {
  queryClient: QueryClient;
  onStatus?: (status: LiveStatus) => void;
  /** How long to wait before checking a stream the server closed for good (tests shorten it). */
  retryMs?: number;
}

/**
 * The session's event stream (user/sse, with the cookie), open while signed in:
 * `invalidate` reloads the named data for the shell and every remote (one QueryClient);
 * `logout` ends the session (invalidated or inactive) and closes the stream. The browser
 * reconnects by itself after a network drop; when the server refuses the stream (it answers
 * an error, e.g. the session is gone), user/details says whether the session still stands.
 * Returns a function that closes it.
 */
export function connectLiveEvents({ queryClient, onStatus, retryMs = 5_000 }: LiveOptions): () => void {
  stopLiveEvents();
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(retry);
    source?.close();
    source = null;
    onStatus?.('closed');
  };

  /** The stream was refused: ask user/details (plain fetch: no toast, no session event). */
  const checkSession = async () => {
    try {
      const response = await fetch(apiUrl('user/details'), { credentials: 'include', headers: { accept: 'application/json' } });
      if (stopped) return;
      if (response.status === 401) {
        markSessionInactive('expired');
        stop();
        return;
      }
    } catch {
      // offline: try again later
    }
    if (!stopped) retry = setTimeout(open, retryMs);
  };

  function open() {
    if (stopped) return;
    onStatus?.('connecting');
    const stream = new EventSource(apiUrl(LIVE_EVENTS_PATH), { withCredentials: true });
    source = stream;
    stream.onopen = () => onStatus?.('open');
    stream.addEventListener(LiveEventName.Invalidate, (event) => {
      const kinds = parseInvalidate(String((event as MessageEvent).data ?? ''));
      if (kinds.length > 0) void invalidateLiveData(queryClient, kinds);
    });
    stream.addEventListener(LiveEventName.Logout, (event) => {
      const reason = String((event as MessageEvent).data ?? '');
      if (sessionStateAfterLogout(reason) === 'invalidated') markSessionInvalidated(reason);
      else markSessionInactive(reason || null);
      stop();
    });
    stream.onerror = () => {
      if (stopped || stream.readyState !== EventSource.CLOSED) {
        if (!stopped) onStatus?.('connecting'); // the browser retries by itself
        return;
      }
      source = null;
      void checkSession();
    };
  }

  open();
  current = stop;
  return stop;
}

/** The page's one open stream (the /x frame's), so signing out can close it before the server says so. */
let current: (() => void) | null = null;

/** Closes the live stream, if one is open. */
export function stopLiveEvents(): void {
  const stop = current;
  current = null;
  stop?.();
}
