import { useCallback } from 'react';
import type { PermissionAction } from '@stockbook/contracts';
import { can } from '@stockbook/domain';
import { useCurrentUser } from './use-current-user';

/**
 * Whether the signed-in user holds an action (at a location, when one is given): section 6's
 * rule, so screens hide exactly what the API would refuse.
 */
export function useCan(): (action: PermissionAction, locationId?: string) => boolean {
  const { user } = useCurrentUser();
  return useCallback((action, locationId) => (user ? can(user, action, locationId) : false), [user]);
}
