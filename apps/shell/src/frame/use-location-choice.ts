import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { locationsQueryOptions } from '@stockbook/api-client';
import type { CurrentUser, Location } from '@stockbook/contracts';
import { visibleLocations } from '@stockbook/domain';
import { chooseLocation, offersAllLocations, rememberedLocation, rememberLocation, selectableLocations } from '../session/location-choice';

export interface LocationChoice {
  /** The locations the selector offers (the visible ones). */
  readonly locations: readonly Location[];
  /** Whether "All locations" may be chosen (the user sees more than one location). */
  readonly allowAll: boolean;
  readonly locationId: string | null;
  setLocationId(locationId: string | null): void;
  readonly loading: boolean;
}

/** The frame's location selector: the user's visible locations (section 6), the choice remembered per user. */
export function useLocationChoice(user: CurrentUser | null): LocationChoice {
  const scope = useMemo(() => (user ? visibleLocations(user) : ({ all: false, ids: [] } as const)), [user]);
  const query = useQuery({ ...locationsQueryOptions(), enabled: user !== null });
  const locations = useMemo(() => selectableLocations(scope, query.data ?? []), [scope, query.data]);
  const [picked, setPicked] = useState<{ userId: string; id: string | null } | null>(null);
  const userId = user?._id ?? '';
  const wanted = picked && picked.userId === userId ? picked.id : userId ? rememberedLocation(userId) : null;
  const locationId = query.data ? chooseLocation(scope, locations.map((location) => location._id), wanted) : null;
  const setLocationId = useCallback(
    (id: string | null) => {
      if (!userId) return;
      rememberLocation(userId, id);
      setPicked({ userId, id });
    },
    [userId],
  );
  const allowAll = useMemo(() => offersAllLocations(scope, locations.map((location) => location._id)), [scope, locations]);
  const loading = query.isPending && user !== null;
  // One object while nothing in it changes: the frame's header and palette skip their renders.
  return useMemo(() => ({ locations, allowAll, locationId, setLocationId, loading }), [locations, allowAll, locationId, setLocationId, loading]);
}
