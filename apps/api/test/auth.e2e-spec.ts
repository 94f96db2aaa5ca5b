import { DataSource } from 'typeorm';
import { UserDetailsResponseSchema, type RegisterRequest } from '@stockbook/contracts';
import { startTestApi, type TestApi } from './support/test-api';

const registration = (suffix: string): RegisterRequest => ({
  businessName: `Corner Shop ${suffix}`,
  currency: 'LKR',
  inventoryValuationMethod: 'FIFO',
  firstName: 'Amal',
  lastName: 'Perera',
  username: `amal_${suffix}`,
  email: `amal.${suffix}@example.com`,
  password: 'correct horse battery',
});

/** The session cookie pair ("stockbook_session=...") from a response, for the next request. */
function sessionCookie(response: { headers: Record<string, unknown> }): string {
  const header = ([] as string[]).concat((response.headers['set-cookie'] as string | string[] | undefined) ?? []);
  const cookie = header.find((value) => value.startsWith('stockbook_session='));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(header)}`);
  return cookie.split(';')[0]!;
}

describe('sign-up, sign-in and sessions (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;

  beforeAll(async () => {
    api = await startTestApi();
    db = api.api.app.get(DataSource);
  });
  afterAll(async () => {
    await api.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    api.request({ method: 'POST', url: `/api/v1/${url}`, payload: payload as object, headers });
  const details = (cookie?: string) =>
    api.request({ method: 'GET', url: '/api/v1/user/details', headers: cookie ? { cookie } : {} });
  const count = async (table: string) => Number((await db.query(`SELECT count(*) AS n FROM ${table}`))[0].n);

  describe('user/register', () => {
    it('creates the business, its first location and its root user, and signs them in', async () => {
      const response = await post('user/register', { ...registration('a1'), locationName: 'Galle Road' });
      expect(response.statusCode).toBe(201);
      const { user } = UserDetailsResponseSchema.parse(response.json());
      expect(user).toMatchObject({ username: 'amal_a1', email: 'amal.a1@example.com', rootUser: true, userAdmin: true });

      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      expect(setCookie).not.toMatch(/Secure/); // localhost
      const me = await details(sessionCookie(response));
      expect(me.statusCode).toBe(200);
      expect(me.json().user._id).toBe(user._id);

      const [business] = await db.query(`SELECT * FROM businesses WHERE id = $1`, [user.businessId]);
      expect(business).toMatchObject({ business_name: 'Corner Shop a1', currency: 'LKR', inventory_valuation_method: 'FIFO' });
      const locations = await db.query(`SELECT name FROM locations WHERE business_id = $1`, [user.businessId]);
      expect(locations).toEqual([{ name: 'Galle Road' }]);
    });

    it("keeps the shop's contact details given at sign-up, and the owner's e-mail as the shop's when none is given (issue 24)", async () => {
      const given = await post('user/register', {
        ...registration('c1'),
        businessAddress: '  12 Galle Road\nColombo 3  ',
        contactNumber: '+94 11 234 5678',
        businessEmail: 'hello@corner-c1.example.com',
      });
      expect(given.statusCode).toBe(201);
      const business = (await api.request({ method: 'GET', url: '/api/v1/user/business', headers: { cookie: sessionCookie(given) } })).json().business;
      expect(business).toMatchObject({ businessAddress: '12 Galle Road\nColombo 3', contactNumber: '+94 11 234 5678', businessEmail: 'hello@corner-c1.example.com' });

      const bare = await post('user/register', registration('c2'));
      const bareBusiness = (await api.request({ method: 'GET', url: '/api/v1/user/business', headers: { cookie: sessionCookie(bare) } })).json().business;
      expect(bareBusiness).toMatchObject({ businessAddress: '', contactNumber: '', businessEmail: 'amal.c2@example.com' });
    });

    it('refuses a contact number or shop e-mail that is not one, or an address too long, naming each, and writes nothing', async () => {
      const before = await count('businesses');
      const response = await post('user/register', { ...registration('c3'), contactNumber: 'call me', businessEmail: 'shop@', businessAddress: 'x'.repeat(301) });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({
        businessAddress: ['Address must be at most 300 characters.'],
        contactNumber: [expect.stringContaining('Enter a phone number')],
        businessEmail: ['Enter a valid e-mail address.'],
      });
      expect(await count('businesses')).toBe(before);
    });

    it('stores the password as argon2id with 19 MiB and 2 passes, never as given', async () => {
      await post('user/register', registration('a2'));
      const [row] = await db.query(`SELECT password_hash FROM users WHERE username = 'amal_a2'`);
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.password_hash).not.toContain('correct horse battery');
    });

    it('sets a Secure cookie when not on localhost', async () => {
      const response = await post('user/register', registration('a3'), { host: 'shop.example.com' });
      expect(response.statusCode).toBe(201);
      expect(String(response.headers['set-cookie'])).toMatch(/Secure/);
    });

    it('refuses bad input with a message per field, and writes nothing', async () => {
      const before = await count('businesses');
      const response = await post('user/register', {
        ...registration('a4'),
        currency: 'EUR',
        password: 'short',
        email: 'not-an-address',
        username: 'a b',
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.fieldErrors).sort()).toEqual(['currency', 'email', 'password', 'username']);
      expect(body.fieldErrors.password).toEqual(['Password must be at least 8 characters.']);
      expect(await count('businesses')).toBe(before);
    });

    it('answers 409 for a taken username or e-mail (any case), and leaves no half-made business', async () => {
      await post('user/register', registration('a5'));
      const before = { businesses: await count('businesses'), locations: await count('locations') };

      const sameName = await post('user/register', { ...registration('a6'), username: 'AMAL_A5' });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json()).toMatchObject({ code: 'USERNAME_TAKEN', fieldErrors: { username: [expect.any(String)] } });

      const sameEmail = await post('user/register', { ...registration('a7'), email: 'Amal.A5@example.com' });
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json()).toMatchObject({ code: 'EMAIL_TAKEN', fieldErrors: { email: [expect.any(String)] } });

      expect(await count('businesses')).toBe(before.businesses);
      expect(await count('locations')).toBe(before.locations);
    });
  });

  describe('verify-username', () => {
    it('says whether a username is free, ignoring case', async () => {
      await post('user/register', registration('v1'));
      const taken = await api.request({ method: 'GET', url: '/api/v1/verify-username?username=AMAL_V1' });
      expect(taken.json()).toEqual({ available: false });
      const free = await api.request({ method: 'GET', url: '/api/v1/verify-username?username=nobody_here' });
      expect(free.json()).toEqual({ available: true });
    });

    it('answers 400 for a username that could never be valid', async () => {
      const response = await api.request({ method: 'GET', url: '/api/v1/verify-username?username=a' });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors.username).toEqual(['Username must be at least 3 characters.']);
    });
  });

  describe('JSON bodies', () => {
    it('takes an empty JSON body as no body (sign-out sends none), and still refuses malformed JSON', async () => {
      const signedIn = await post('user/register', registration('j1'));
      const cookie = sessionCookie(signedIn);
      const empty = await api.request({
        method: 'POST',
        url: '/api/v1/user/logout',
        headers: { cookie, 'content-type': 'application/json' },
      });
      expect(empty.statusCode).toBe(200);
      const malformed = await api.request({
        method: 'POST',
        url: '/api/v1/user/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": ',
      });
      expect(malformed.statusCode).toBe(400);
      const poisoned = await api.request({
        method: 'POST',
        url: '/api/v1/user/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": "a", "password": "b", "__proto__": {"admin": true}}',
      });
      expect(poisoned.statusCode).toBe(400);
    });
  });

  describe('user/login, user/details, user/logout', () => {
    beforeAll(async () => {
      await post('user/register', registration('l1'));
    });

    it('signs in by username or by e-mail', async () => {
      const byName = await post('user/login', { username: 'amal_l1', password: 'correct horse battery' });
      expect(byName.statusCode).toBe(200);
      expect(byName.json().user.username).toBe('amal_l1');
      const byEmail = await post('user/login', { username: 'AMAL.L1@example.com', password: 'correct horse battery' });
      expect(byEmail.statusCode).toBe(200);
      expect((await details(sessionCookie(byEmail))).statusCode).toBe(200);
    });

    it('gives the same 401 for a wrong password and an unknown account', async () => {
      const wrong = await post('user/login', { username: 'amal_l1', password: 'wrong password!' });
      const unknown = await post('user/login', { username: 'nobody_at_all', password: 'wrong password!' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json().message).toBe(unknown.json().message);
      expect(wrong.headers['set-cookie']).toBeUndefined();
    });

    it('signing in elsewhere ends the earlier session', async () => {
      const first = sessionCookie(await post('user/login', { username: 'amal_l1', password: 'correct horse battery' }));
      expect((await details(first)).statusCode).toBe(200);
      const second = sessionCookie(await post('user/login', { username: 'amal_l1', password: 'correct horse battery' }));
      expect((await details(first)).statusCode).toBe(401);
      expect((await details(second)).statusCode).toBe(200);
      const [ended] = await db.query(`SELECT end_reason FROM sessions WHERE ended_at IS NOT NULL ORDER BY ended_at DESC LIMIT 1`);
      expect(ended.end_reason).toBe('signed-in');
    });

    it('signing out ends the session and clears the cookie', async () => {
      const cookie = sessionCookie(await post('user/login', { username: 'amal_l1', password: 'correct horse battery' }));
      const response = await post('user/logout', {}, { cookie });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/stockbook_session=;/);
      expect((await details(cookie)).statusCode).toBe(401);
    });

    it('answers 401 without a session, or with a forged one', async () => {
      const none = await details();
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
      expect((await details('stockbook_session=' + 'A'.repeat(43))).statusCode).toBe(401);
      expect((await post('user/logout', {})).statusCode).toBe(401);
    });

    it('refuses writes from another site', async () => {
      const crossSite = await post(
        'user/login',
        { username: 'amal_l1', password: 'correct horse battery' },
        { 'sec-fetch-site': 'cross-site' },
      );
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.json().code).toBe('CROSS_SITE_REQUEST');
      const foreignOrigin = await post(
        'user/login',
        { username: 'amal_l1', password: 'correct horse battery' },
        { origin: 'https://evil.example' },
      );
      expect(foreignOrigin.statusCode).toBe(403);
      const sameOrigin = await post(
        'user/login',
        { username: 'amal_l1', password: 'correct horse battery' },
        { 'sec-fetch-site': 'same-origin' },
      );
      expect(sameOrigin.statusCode).toBe(200);
    });
  });
});
