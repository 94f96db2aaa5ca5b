import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { HealthResponseSchema } from '@stockbook/contracts';
import { startTestApi, type TestApi } from './support/test-api';
import { createTestDatabase } from './support/test-database';

describe('GET /api/v1/health (real PostgreSQL)', () => {
  let api: TestApi;

  beforeAll(async () => {
    // An empty database, unlike other suites' migrated copies: this one proves the API migrates it at start.
    api = await startTestApi({}, { empty: true });
  });
  afterAll(async () => {
    await api.close();
  });

  it('reports the API and its database as up', async () => {
    const response = await api.request({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    const body = HealthResponseSchema.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ status: 'up', embedded: false });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('returns a request id, and echoes a well-formed one it was given', async () => {
    const fresh = await api.request({ method: 'GET', url: '/api/v1/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await api.request({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'till-7.abc' } });
    expect(given.headers['x-request-id']).toBe('till-7.abc');
    const hostile = await api.request({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'a b<script>' } });
    expect(hostile.headers['x-request-id']).not.toBe('a b<script>');
  });

  it('sends security headers', async () => {
    const response = await api.request({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('ran the migrations at start (the migrations table exists)', async () => {
    const dataSource = api.api.app.get(DataSource);
    const [{ exists }] = await dataSource.query(`SELECT to_regclass('public.schema_migrations') IS NOT NULL AS exists`);
    expect(exists).toBe(true);
  });

  it('gives other suites a copy of a template migrated as far as the API migrates at start', async () => {
    const applied = (db: DataSource) => db.query('SELECT name FROM schema_migrations ORDER BY id');
    const copy = await createTestDatabase();
    const db = await new DataSource({ type: 'postgres', url: copy.url }).initialize();
    try {
      expect(await applied(db)).toEqual(await applied(api.api.app.get(DataSource)));
    } finally {
      await db.destroy();
      await copy.drop();
    }
  });

  it('answers an unknown API path with the error envelope', async () => {
    const response = await api.request({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Not found.', code: 'NOT_FOUND', requestId: expect.any(String) });
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/api/v1/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('JSON') });
  });

  it('serves the OpenAPI document generated from the controllers', async () => {
    const response = await api.request({ method: 'GET', url: '/api/docs-json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths).toHaveProperty('/api/v1/health');
  });

  it('says not ready (503) while the database takes reads but refuses writes, ready again once it takes them; /health/live stays 200', async () => {
    const own = await startTestApi({ HEALTH_PROBE_MS: '0' });
    // The database made read-only for real, from outside: its sessions ended, so the pool's new ones are read-only.
    const admin = new Client({ connectionString: own.databaseUrl });
    await admin.connect();
    const readOnly = async (on: boolean) => {
      const [{ name }] = (await admin.query('SELECT current_database() AS name')).rows;
      await admin.query(`ALTER DATABASE "${name}" SET default_transaction_read_only = ${on ? 'on' : 'off'}`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    };
    const health = async () => {
      // A connection the pool held may be the one just ended: a check or two later it has new ones.
      let response = await own.request({ method: 'GET', url: '/api/v1/health' });
      for (let i = 0; i < 5 && response.json().database.status === 'down'; i++) response = await own.request({ method: 'GET', url: '/api/v1/health' });
      return response;
    };
    try {
      expect((await health()).statusCode).toBe(200);
      await readOnly(true);
      const refused = await health();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ status: 'degraded', database: { status: 'up', error: expect.stringMatching(/^The database refuses writes: .*read-only transaction/) } });
      const live = await own.request({ method: 'GET', url: '/api/v1/health/live' });
      expect([live.statusCode, live.json().status]).toEqual([200, 'ok']);
      await readOnly(false);
      expect((await health()).statusCode).toBe(200);
    } finally {
      await readOnly(false).catch(() => undefined);
      await admin.end();
      await own.close();
    }
  });

  it('reports the database as down with 503 when it cannot be reached; /health/live still answers', async () => {
    await api.api.app.get(DataSource).destroy();
    expect((await api.request({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
    const response = await api.request({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
  });
});
