import { createContext, useContext, type ReactNode } from 'react';
import type { CurrentUser } from '@stockbook/contracts';

/**
 * Where the session stands (specification, section 4). `invalidated`: the user signed in
 * elsewhere; `inactive`: the session ended for another reason (locked, password reset, expired,
 * a 401 on a call). In both the user is treated as signed out until a reset.
 */
export type SessionState = 'active' | 'invalidated' | 'inactive';

/** What a remote under /x may know about the signed-in session. */
export interface ShellSession {
  /** The signed-in user, or null when signed out (or when the session has ended). */
  readonly user: CurrentUser | null;
  readonly state: SessionState;
  /**
   * The location chosen in the frame's selector: one of the user's visible locations, or null
   * for "all locations" (offered to those who may see more than one).
   */
  readonly locationId: string | null;
  /** Whether "All locations" (null) may be chosen: the user sees more than one location. */
  readonly allowAllLocations: boolean;
  setLocationId(locationId: string | null): void;
  /** Signs out on the server, clears every cached datum and goes to the sign-in page. */
  signOut(): Promise<void>;
}

const ShellSessionContext = createContext<ShellSession | null>(null);

export function ShellSessionProvider({ value, children }: { value: ShellSession; children: ReactNode }) {
  return <ShellSessionContext.Provider value={value}>{children}</ShellSessionContext.Provider>;
}

/** The session, inside the shell's /x frame (where every section remote renders). */
export function useShellSession(): ShellSession {
  const session = useContext(ShellSessionContext);
  if (!session) throw new Error('useShellSession() must be used inside the Stockbook /x frame (ShellSessionProvider).');
  return session;
}

/** For a remote running on its own (its team's dev server), outside the shell's frame. */
export function useOptionalShellSession(): ShellSession | null {
  return useContext(ShellSessionContext);
}
