import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useOptionalShellSession } from '@stockbook/shell-context';
import { visibleLocations } from '@stockbook/domain';
import { useCurrentUser } from '@stockbook/ui/antd';

export interface WorkingLocation {
  /** The chosen location, or undefined for all the user's locations. */
  readonly locationId: string | undefined;
  /** Whether "All locations" may be chosen (as in the frame's selector: the user sees more than one location). */
  readonly allowAll: boolean;
  setLocationId(locationId: string | undefined): void;
}

/**
 * The app's one working location: the frame's header selector (`useShellSession().locationId`).
 * The screen's location filter shows it and changing the filter changes it, so the header and the
 * screen never disagree. A link carrying `?location=` makes that location the working one. On the
 * remote's own dev server (no frame) the choice lives in the URL.
 */
export function useWorkingLocation(): WorkingLocation {
  const session = useOptionalShellSession();
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const linked = params.get('location') ?? undefined;
  const setSession = session?.setLocationId;

  useEffect(() => {
    if (!setSession || !linked) return;
    setSession(linked);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('location');
        return next;
      },
      { replace: true },
    );
  }, [setSession, linked, setParams]);

  if (session) {
    return {
      locationId: linked ?? session.locationId ?? undefined,
      allowAll: session.allowAllLocations,
      setLocationId: (id) => session.setLocationId(id ?? null),
    };
  }
  return {
    locationId: linked,
    // On the remote's own dev server: those who see every location.
    allowAll: user ? visibleLocations(user).all : false,
    setLocationId: (id) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('location', id);
          else next.delete('location');
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
  };
}
