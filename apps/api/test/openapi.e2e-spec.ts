import { readFileSync } from 'node:fs';
import { OPENAPI_SNAPSHOT_PATH } from '../src/common/openapi/openapi-snapshot';
import { startTestApi, type TestApi } from './support/test-api';

describe('the served OpenAPI document', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('is the committed apps/api/openapi.json (generated without a database), bar the running version', async () => {
    const response = await api.request({ method: 'GET', url: '/api/docs-json' });
    expect(response.statusCode).toBe(200);
    const served = response.json();
    const committed = JSON.parse(readFileSync(OPENAPI_SNAPSHOT_PATH, 'utf8'));
    expect(typeof served.info.version).toBe('string');
    expect({ ...served, info: { ...served.info, version: committed.info.version } }).toEqual(committed);
  });

  it('serves the documentation UI at /api/docs', async () => {
    const response = await api.request({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger');
  });
});
