import { Client } from 'pg';
import { addStaff, registerBusiness, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Sessions kept in each API process's memory for a few seconds (auth/session-cache.ts), and never
 * served after a change for longer than its notification takes to arrive (real PostgreSQL, two
 * API processes on one database). The memory keeps an entry for 10 s at most, so a refusal well
 * within a second is the notification's doing.
 */
describe('sessions kept in memory, forgotten when a change is heard (real PostgreSQL, two API processes)', () => {
  let first: TestApi & { databaseUrl: string };
  let second: TestApi;
  let admin: Client;
  let owner: Caller & { locationId: string };

  beforeAll(async () => {
    first = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000' });
    second = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000' }, { databaseUrl: first.databaseUrl });
    admin = new Client({ connectionString: first.databaseUrl });
    await admin.connect();
    owner = await registerBusiness(first);
  });
  afterAll(async () => {
    await admin?.end();
    await second?.close();
    await first?.close();
  });

  const onSecond = (caller: Caller, path: string) => second.request({ method: 'GET', url: `/api/v1/${path}`, headers: { cookie: caller.cookie } });
  /** Milliseconds until `status` answers as wanted (at most 3 s). */
  async function within(status: () => Promise<number>, wanted: number): Promise<number> {
    const started = Date.now();
    while ((await status()) !== wanted) {
      if (Date.now() - started > 3000) throw new Error(`still not ${wanted} after 3 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return Date.now() - started;
  }
  const staffWith = (actions: string[]) => addStaff(first, owner, [{ action: actions as never, locations: [] }]);

  it('reads a session from PostgreSQL once, then answers its calls from memory', async () => {
    const staff = await staffWith(['view:item']);
    expect((await onSecond(staff, 'user/inventory/list?limit=5')).statusCode).toBe(200);
    const resolved: string[] = [];
    const original = Client.prototype.query as unknown as (...args: unknown[]) => unknown;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      const first = args[0] as { name?: string } | string;
      if (typeof first === 'object' && first.name?.startsWith('resolve-session')) resolved.push(first.name);
      return original.apply(this, args) as never;
    });
    try {
      for (let i = 0; i < 3; i++) expect((await onSecond(staff, 'user/inventory/list?limit=5')).statusCode).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect(resolved).toEqual([]);
  });

  it('a permission taken away on one process is refused on the other as soon as it is heard', async () => {
    const staff = await staffWith(['view:item']);
    expect((await onSecond(staff, 'user/inventory/list?limit=5')).statusCode).toBe(200);
    expect((await owner.post('user/admin/permissions', { userId: staff.user._id, permissions: [] })).statusCode).toBe(200);
    expect(await within(async () => (await onSecond(staff, 'user/inventory/list?limit=5')).statusCode, 403)).toBeLessThan(1000);
  });

  it('a session signed out on one process, or a user locked in PostgreSQL by anyone, is refused on the other as soon as it is heard', async () => {
    const leaving = await staffWith(['view:item']);
    expect((await onSecond(leaving, 'user/inventory/list?limit=5')).statusCode).toBe(200);
    expect((await leaving.post('user/logout', {})).statusCode).toBeLessThan(300);
    expect(await within(async () => (await onSecond(leaving, 'user/inventory/list?limit=5')).statusCode, 401)).toBeLessThan(1000);

    const locked = await staffWith(['view:item']);
    expect((await onSecond(locked, 'user/inventory/list?limit=5')).statusCode).toBe(200);
    await admin.query(`UPDATE users SET locked_at = now() WHERE id = $1`, [locked.user._id]);
    expect(await within(async () => (await onSecond(locked, 'user/inventory/list?limit=5')).statusCode, 401)).toBeLessThan(1000);
  });

  it('keeps nothing while it cannot hear changes: a change made meanwhile counts on the next call', async () => {
    const staff = await staffWith(['view:item']);
    expect((await onSecond(staff, 'user/inventory/list?limit=5')).statusCode).toBe(200);
    // Both processes lose their listening connection; a change made now notifies no one.
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'stockbook-sessions'`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await admin.query(`UPDATE users SET permissions = '[]' WHERE id = $1`, [staff.user._id]);
    expect((await onSecond(staff, 'user/inventory/list?limit=5')).statusCode).toBe(403);
  });
});
