import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionState } from '@stockbook/shell-context';

/**
 * The session flags of section 4: a session can become invalidated (signed in elsewhere) or
 * inactive (ended for any other reason). Once set, the user is treated as signed out until a
 * reset clears the flag and every cached datum.
 */
export interface SessionSnapshot {
  readonly state: SessionState;
  /** Why it ended, when the server said (an SSE `logout` reason), for the dialog's wording. */
  readonly reason: string | null;
  /** Signing out on purpose: the 401s that may follow are expected, not a lost session. */
  readonly leaving: boolean;
  /** Bumped by every reset, so views re-read the (cleared) query cache. */
  readonly generation: number;
}

const INITIAL: SessionSnapshot = { state: 'active', reason: null, leaving: false, generation: 0 };

let snapshot: SessionSnapshot = INITIAL;
const listeners = new Set<() => void>();

function update(next: Partial<SessionSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

export function getSessionSnapshot(): SessionSnapshot {
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user signed in elsewhere (SSE `logout` with `signed-in`). */
export function markSessionInvalidated(reason: string | null = 'signed-in'): void {
  if (snapshot.state !== 'active' || snapshot.leaving) return;
  update({ state: 'invalidated', reason });
}

/** The session ended for any other reason (locked, password reset, a 401 on a call...). */
export function markSessionInactive(reason: string | null = null): void {
  if (snapshot.state !== 'active' || snapshot.leaving) return;
  update({ state: 'inactive', reason });
}

/** Signing out on purpose: what fails meanwhile is not a lost session. */
export function markLeaving(): void {
  update({ leaving: true });
}

/** A reset (section 4): clears the flags and every cached datum of the previous session. */
export function resetSession(queryClient: QueryClient): void {
  queryClient.clear();
  // Nor may an answer asked from <head> for the page's first session (public/route-preload.js)
  // stand in for a call of the next one.
  if (typeof window !== 'undefined') window.stockbookEarlyCalls = undefined;
  update({ state: 'active', reason: null, leaving: false, generation: snapshot.generation + 1 });
}

export function useSessionSnapshot(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSessionSnapshot);
}

/** For tests: back to a fresh page's state. */
export function resetSessionStoreForTests(): void {
  snapshot = INITIAL;
}
