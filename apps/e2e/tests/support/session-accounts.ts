import { expect, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import type { CurrentUser, Location, ManagedUser, PermissionEntryDto, RegisterRequest } from '@stockbook/contracts';

export const PASSWORD = 'a long enough secret';

let counter = 0;
/** A username (and e-mail) no other test of this run uses. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${counter}`.slice(0, 40);
}

/** What the registration form asks, for a new business. */
export function newRegistration(overrides: Partial<RegisterRequest> = {}): Required<RegisterRequest> {
  const username = uniqueName('own');
  return {
    businessName: 'Harbour Hardware',
    currency: 'GBP',
    inventoryValuationMethod: 'FIFO',
    firstName: 'Hana',
    lastName: 'Harbour',
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
    locationName: 'High Street',
    timeZone: 'UTC',
    businessAddress: '',
    contactNumber: '',
    businessEmail: '',
    ...overrides,
  };
}

export interface Owner {
  readonly user: CurrentUser;
  readonly username: string;
  readonly email: string;
  readonly password: string;
}

/**
 * Registers a business through the API with `request`; when it is a browser context's request,
 * that context is signed in as the owner.
 */
export async function registerOwner(request: APIRequestContext, overrides: Partial<RegisterRequest> = {}): Promise<Owner> {
  const body = newRegistration(overrides);
  const response = await request.post('/api/v1/user/register', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as { user: CurrentUser };
  return { user, username: body.username, email: body.email, password: body.password };
}

export async function listLocations(request: APIRequestContext): Promise<Location[]> {
  const response = await request.get('/api/v1/user/location');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Location[] }).data;
}

/** A location added by a signed-in administrator. */
export async function addLocation(request: APIRequestContext, name: string): Promise<Location> {
  const response = await request.post('/api/v1/user/location', { data: { name, address: '', contactNumber: '', canSell: true } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { location: Location }).location;
}

/** A staff user created by a signed-in administrator, with these permission entries. */
export async function addStaff(
  request: APIRequestContext,
  permissions: PermissionEntryDto[] = [],
  names: { firstName: string; lastName: string } = { firstName: 'Sam', lastName: 'Staff' },
): Promise<ManagedUser & { password: string }> {
  const username = uniqueName('stf');
  const response = await request.post('/api/v1/user/admin/users', {
    data: { ...names, username, email: `${username}@example.com`, password: PASSWORD, userAdmin: false, permissions },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...((await response.json()) as { user: ManagedUser }).user, password: PASSWORD };
}

/** A new browser context signed in through user/login. */
export async function signedInContext(browser: Browser, username: string, password = PASSWORD): Promise<BrowserContext> {
  const context = await browser.newContext();
  const response = await context.request.post('/api/v1/user/login', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}

/** POSTs to the API as the signed-in caller and expects 201 Created; answers the JSON body. */
export function createdBy(request: APIRequestContext) {
  return async (path: string, data: unknown) => {
    const response = await request.post(`/api/v1/${path}`, { data });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  };
}
