import { expect, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import type { CreateUserRequest, CurrentUser, Location, ManagedUser, RegisterRequest } from '@stockbook/contracts';

export const PASSWORD = 'correct horse battery';

let counter = 0;
/** A username no other test of this run (or worker) uses. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${counter}`.slice(0, 40);
}

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
  const username = uniqueName('own');
  const body: RegisterRequest = {
    businessName,
    currency: 'GBP',
    inventoryValuationMethod: 'FIFO',
    firstName: 'Olivia',
    lastName: 'Owner',
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
    locationName: 'Main store',
  };
  const response = await request.post('/api/v1/user/register', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as { user: CurrentUser };
  const locations = await request.get('/api/v1/user/location');
  expect(locations.ok()).toBe(true);
  const { data } = (await locations.json()) as { data: Location[] };
  return { user, username, location: data[0]! };
}

/** A location added through the API by a signed-in administrator. */
export async function addLocation(request: APIRequestContext, name: string): Promise<Location> {
  const response = await request.post('/api/v1/user/location', { data: { name, address: '', contactNumber: '', canSell: true } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { location: Location }).location;
}

/** A staff user created through the API by a signed-in administrator. */
export async function addStaff(request: APIRequestContext, firstName: string, lastName: string): Promise<ManagedUser & { password: string }> {
  const username = uniqueName('stf');
  const body: CreateUserRequest = { firstName, lastName, username, email: `${username}@example.com`, password: PASSWORD, userAdmin: false, permissions: [] };
  const response = await request.post('/api/v1/user/admin/users', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return { ...((await response.json()) as { user: ManagedUser }).user, password: PASSWORD };
}

/** A new browser context signed in as `username` through user/login. */
export async function signedInContext(browser: Browser, username: string, password = PASSWORD): Promise<BrowserContext> {
  const context = await browser.newContext();
  const response = await context.request.post('/api/v1/user/login', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}
