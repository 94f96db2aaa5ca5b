import type { LocationScope } from '@stockbook/domain';

/**
 * Whether the selector offers "All locations": to everyone who may see more than one location
 * (all of them, or several), meaning all the locations they see.
 */
export function offersAllLocations(scope: LocationScope, visibleIds: readonly string[]): boolean {
  return scope.all || visibleIds.length > 1;
}

/**
 * Which location the frame's selector holds. Someone who may see more than one location may
 * choose "all" (null), which is where they start; someone limited to one location always holds
 * it. A remembered choice stands while it is still visible.
 */
export function chooseLocation(scope: LocationScope, visibleIds: readonly string[], remembered: string | null): string | null {
  if (remembered !== null && visibleIds.includes(remembered)) return remembered;
  if (offersAllLocations(scope, visibleIds)) return null;
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
