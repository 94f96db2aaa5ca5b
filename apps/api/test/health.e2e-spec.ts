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

  it('reports the database as down with 503 when it cannot be reached', async () => {
    await api.api.app.get(DataSource).destroy();
    const response = await api.request({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
  });
});
