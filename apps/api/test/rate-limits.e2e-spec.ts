import type { InjectOptions } from 'fastify';
import { addStaff, registerBusiness, signIn, unique, PASSWORD } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

describe('rate limits answer 429 with a message (real PostgreSQL)', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_AUTH_PER_ADDRESS: '4', RATE_LIMIT_API_PER_MINUTE: '8' });
  });
  afterAll(async () => {
    await api.close();
  });

  const fromAddress = (remoteAddress: string, url: string, payload: object) =>
    api.request({ method: 'POST', url: `/api/v1/${url}`, payload, remoteAddress });

  it('limits sign-ups per address, with Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i += 1) {
      last = await fromAddress('203.0.113.7', 'user/register', { businessName: '' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expect(last!.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/^Too many attempts from your network/) });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await fromAddress('203.0.113.8', 'user/register', { businessName: '' })).statusCode).toBe(400);
  });

  it('limits the public invoice page per address (unknown links count too), apart from other addresses and routes', async () => {
    // The shop signs up and sells from an address of its own, so 127.0.0.1's sign-ups stay uncounted here.
    const shopApi = { ...api, request: (options: InjectOptions) => api.request({ remoteAddress: '198.18.0.1', ...options }) };
    const owner = await registerBusiness(shopApi);
    const item = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item;
    expect((await owner.post('user/inventory/add/batch', { itemID: item._id, locationID: owner.locationId, quantity: '5', cost: '1' })).statusCode).toBe(201);
    const sale = await owner.post('user/invoice', { locationID: owner.locationId, items: [{ itemID: item._id, quantity: '1' }], paymentMethod: 'Cash' });
    expect(sale.statusCode).toBe(201);
    const link = sale.json().invoice.link as string;
    const page = (remoteAddress: string, target = link) => api.request({ method: 'GET', url: `/api/v1/public/invoice/${target}`, remoteAddress });

    const statuses: number[] = [];
    let last;
    for (const target of [link, link, 'A'.repeat(43), link, link]) {
      last = await page('203.0.113.20', target);
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 404, 200, 429]);
    expect(last!.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/^Too many attempts from your network/), requestId: expect.any(String) });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.stringify(last!.json())).not.toContain('Tea');
    // Another address still reads the page; the limited address is not limited on other routes.
    const other = await page('203.0.113.21');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ success: true, invoice: { items: [{ itemName: 'Tea' }] } });
    expect((await fromAddress('203.0.113.20', 'user/register', { businessName: '' })).statusCode).toBe(400);
  });

  it('locks sign-in to an account after 10 failed attempts in an hour, even with the right password then', async () => {
    const owner = await registerBusiness(api);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      // A new address each time: the lockout is per account, not per address.
      const response = await fromAddress(`198.51.100.${i + 1}`, 'user/login', { username: owner.user.username, password: 'wrong guess' });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const right = await fromAddress('198.51.100.99', 'user/login', { username: owner.user.username, password: PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/^Too many failed sign-ins for this account/);
    // The e-mail address names the same account.
    expect((await fromAddress('198.51.100.98', 'user/login', { username: owner.user.email, password: PASSWORD })).statusCode).toBe(429);
  });

  it('100 wrong passwords at once for one account: at most 10 are checked (401), the rest refused (429), and the account is locked', async () => {
    const owner = await registerBusiness(api);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => fromAddress(`198.51.${Math.floor(i / 200) + 101}.${(i % 200) + 1}`, 'user/login', { username: owner.user.username, password: 'wrong guess' })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    expect((await fromAddress('198.51.102.1', 'user/login', { username: owner.user.username, password: PASSWORD })).statusCode).toBe(429);
  });

  it('a successful sign-in clears the failures counted so far', async () => {
    const owner = await registerBusiness(api);
    const staff = await addStaff(api, owner);
    for (let i = 0; i < 9; i += 1) {
      await fromAddress(`192.0.2.${i + 1}`, 'user/login', { username: staff.user.username, password: 'nope nope' });
    }
    await signIn(api, staff.user.username);
    for (let i = 0; i < 9; i += 1) {
      const response = await fromAddress(`192.0.2.${i + 50}`, 'user/login', { username: staff.user.username, password: 'nope nope' });
      expect(response.statusCode).toBe(401);
    }
  });

  it('limits the API per session', async () => {
    const owner = await registerBusiness(api, { username: `busy_${unique()}` });
    const fresh = await signIn(api, owner.user.username);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) statuses.push((await fresh.get('user/details')).statusCode);
    expect(statuses.slice(0, 8).every((status) => status === 200)).toBe(true);
    expect(statuses[8]).toBe(429);
    expect((await fresh.get('user/details')).json().message).toMatch(/^Too many requests from this session/);
  });

  it("with RATE_LIMIT_API_SHARED, two API processes on one database share a session's limit; without, each counts its own (issue 23, rule 6)", async () => {
    const shared = { RATE_LIMIT_API_PER_MINUTE: '6', RATE_LIMIT_API_SHARED: 'true' };
    const first = await startTestApi(shared);
    const second = await startTestApi(shared, { databaseUrl: first.databaseUrl });
    const apart = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '6' }, { databaseUrl: first.databaseUrl });
    try {
      const owner = await registerBusiness(first, { username: `shared_${unique()}` });
      // registerBusiness made calls of its own on the first process: count from a fresh session.
      const fresh = await signIn(first, owner.user.username);
      const on = (through: TestApi) => through.request({ method: 'GET', url: '/api/v1/user/details', headers: { cookie: fresh.cookie } });
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await on(first)).statusCode, (await on(second)).statusCode);
      // 6 a minute between them: the 7th call, whichever process takes it, is refused.
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
      // A process counting in memory knows nothing of them.
      expect((await on(apart)).statusCode).toBe(200);
    } finally {
      await apart.close();
      await second.close();
      await first.close();
    }
  });
});
