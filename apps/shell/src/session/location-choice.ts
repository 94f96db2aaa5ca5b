import type { LocationScope } from '@stockbook/domain';

/**
 * Which location the frame's selector holds. Someone who may see every location may choose
 * "all" (null); someone limited to some locations always holds one of them. A remembered
 * choice stands while it is still visible.
 */
export function chooseLocation(scope: LocationScope, visibleIds: readonly string[], remembered: string | null): string | null {
  if (remembered !== null && visibleIds.includes(remembered)) return remembered;
  if (scope.all) return null;
  return visibleIds[0] ?? null;
}

/** The locations the selector offers: what the API listed, narrowed to the visible-location rule. */
export function selectableLocations<T extends { _id: string }>(scope: LocationScope, locations: readonly T[]): T[] {
  return scope.all ? [...locations] : locations.filter((location) => scope.ids.includes(location._id));
}

const STORAGE_PREFIX = 'stockbook-location:';

export function rememberedLocation(userId: string): string | null {
  try {
    return localStorage.getItem(STORAGE_PREFIX + userId);
  } catch {
    return null;
  }
}

export function rememberLocation(userId: string, locationId: string | null): void {
  try {
    if (locationId === null) localStorage.removeItem(STORAGE_PREFIX + userId);
    else localStorage.setItem(STORAGE_PREFIX + userId, locationId);
  } catch {
    // storage blocked: the choice holds for this page
  }
}
