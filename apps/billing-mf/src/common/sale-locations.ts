import { useQuery } from '@tanstack/react-query';
import { locationsQueryOptions } from '@stockbook/api-client';
import type { Location, PermissionAction } from '@stockbook/contracts';
import { useOptionalShellSession } from '@stockbook/shell-context';
import { useCan } from '@stockbook/ui/antd';

/**
 * The locations where the user may take `action` (for a sale, only the selling ones), and the
 * app's working location (the frame's header selector, `useShellSession().locationId`) as the
 * screen's starting choice when it is one of them.
 */
export function useActionLocations(action: PermissionAction) {
  const can = useCan();
  const session = useOptionalShellSession();
  const locations = useQuery(locationsQueryOptions());
  // A sale starts only where the location sells (not a warehouse); the API refuses the rest with 409.
  const fits = (location: Location) => can(action, location._id) && (action !== 'create:invoice' || location.canSell);
  const allowed: Location[] = (locations.data ?? []).filter(fits);
  const working = session?.locationId ?? undefined;
  const workingAllowed = working && allowed.some((location) => location._id === working) ? working : undefined;
  return { locations: allowed, loading: locations.isPending, working: workingAllowed };
}

export const locationName = (locations: readonly Location[], id: string) => locations.find((location) => location._id === id)?.name ?? '';
