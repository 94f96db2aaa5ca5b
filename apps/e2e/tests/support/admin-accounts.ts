import type { APIRequestContext } from '@playwright/test';
import type { CurrentUser, Location, ManagedUser } from '@stockbook/contracts';
import { addStaff as addStaffWith, listLocations, registerOwner } from './session-accounts';

// One set of account helpers serves every suite; these are the admin suite's shapes of them.
export { PASSWORD, addLocation, signedInContext, uniqueName } from './session-accounts';

export interface Owner {
  user: CurrentUser;
  username: string;
  location: Location;
}

/**
 * Registers a business through the real API with `request` (a browser context's request, so
 * that context is signed in as its owner), and returns the owner and the first location.
 */
export async function registerBusiness(request: APIRequestContext, businessName = 'Corner Shop'): Promise<Owner> {
  const owner = await registerOwner(request, { businessName, firstName: 'Olivia', lastName: 'Owner', locationName: 'Main store' });
  const [location] = await listLocations(request);
  return { user: owner.user, username: owner.username, location: location! };
}

/** A staff user without permissions, named as given. */
export function addStaff(request: APIRequestContext, firstName: string, lastName: string): Promise<ManagedUser & { password: string }> {
  return addStaffWith(request, [], { firstName, lastName });
}
