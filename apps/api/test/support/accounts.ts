import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { UserDetailsResponseSchema, type CurrentUser, type PermissionEntryDto, type RegisterRequest } from '@stockbook/contracts';
import type { TestApi } from './test-api';

/** The session cookie pair ("stockbook_session=...") a response set. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const header = ([] as string[]).concat((response.headers['set-cookie'] as string | string[] | undefined) ?? []);
  const cookie = header.find((value) => value.startsWith('stockbook_session='));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(header)} (status ${response.statusCode}: ${response.body})`);
  return cookie.split(';')[0]!;
}

/** A signed-in caller: their user, and requests made with their cookie. */
export interface Caller {
  readonly user: CurrentUser;
  readonly cookie: string;
  readonly password: string;
  get(path: string, query?: Record<string, string | string[]>): Promise<LightMyRequestResponse>;
  post(path: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(path: string, body?: unknown): Promise<LightMyRequestResponse>;
}

export const PASSWORD = 'correct horse battery';
export const unique = () => randomBytes(4).toString('hex');

export function callerFor(api: TestApi, user: CurrentUser, cookie: string, password = PASSWORD): Caller {
  const send = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown, query?: Record<string, string | string[]>) =>
    api.request({ method, url: `/api/v1/${path}`, query, payload: payload as object | undefined, headers: { cookie } });
  return {
    user,
    cookie,
    password,
    get: (path, query) => send('GET', path, undefined, query),
    post: (path, body) => send('POST', path, body ?? {}),
    patch: (path, body) => send('PATCH', path, body ?? {}),
  };
}

/** Signs up a new business; its root user is the caller. */
export async function registerBusiness(api: TestApi, overrides: Partial<RegisterRequest> = {}): Promise<Caller & { locationId: string }> {
  const suffix = unique();
  const response = await api.request({
    method: 'POST',
    url: '/api/v1/user/register',
    payload: {
      businessName: `Shop ${suffix}`,
      currency: 'LKR',
      inventoryValuationMethod: 'FIFO',
      firstName: 'Amal',
      lastName: 'Perera',
      username: `owner_${suffix}`,
      email: `owner.${suffix}@example.com`,
      password: PASSWORD,
      ...overrides,
    } satisfies RegisterRequest,
  });
  if (response.statusCode !== 201) throw new Error(`register: ${response.statusCode} ${response.body}`);
  const { user } = UserDetailsResponseSchema.parse(response.json());
  const caller = callerFor(api, user, sessionCookie(response));
  const locations = await caller.get('user/location');
  return { ...caller, locationId: locations.json().data[0]._id };
}

export async function signIn(api: TestApi, username: string, password = PASSWORD): Promise<Caller> {
  const response = await api.request({ method: 'POST', url: '/api/v1/user/login', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`login: ${response.statusCode} ${response.body}`);
  return callerFor(api, UserDetailsResponseSchema.parse(response.json()).user, sessionCookie(response), password);
}

/** An administrator adds a staff user with these permissions, who then signs in. */
export async function addStaff(api: TestApi, admin: Caller, permissions: PermissionEntryDto[] = [], userAdmin = false): Promise<Caller> {
  const suffix = unique();
  const response = await admin.post('user/admin/users', {
    firstName: 'Nimal',
    lastName: 'Silva',
    username: `staff_${suffix}`,
    email: `staff.${suffix}@example.com`,
    password: PASSWORD,
    userAdmin,
    permissions,
  });
  if (response.statusCode !== 201) throw new Error(`create staff: ${response.statusCode} ${response.body}`);
  return signIn(api, response.json().user.username);
}

export const countRows = async (db: DataSource, sql: string, parameters: unknown[] = []) =>
  Number((await db.query(`SELECT count(*) AS n FROM (${sql}) AS counted`, parameters))[0].n);
