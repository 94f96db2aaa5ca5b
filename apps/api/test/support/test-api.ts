import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createApi, type RunningApi } from '../../src/bootstrap';
import { loadConfig } from '../../src/config/app-config';
import { createTestDatabase } from './test-database';

export interface TestApi {
  readonly api: RunningApi;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The real API (all modules, migrations) on a fresh database, driven in-process. Given
 * `databaseUrl`, a second API process on the same database instead (it does not drop it).
 */
export async function startTestApi(env: Record<string, string> = {}, databaseUrl?: string): Promise<TestApi & { databaseUrl: string }> {
  const database = databaseUrl ? { url: databaseUrl, drop: async () => undefined } : await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false', ...env, DATABASE_URL: database.url });
  const api = await createApi(config);
  const fastify = api.app.getHttpAdapter().getInstance();
  await fastify.ready();
  return {
    api,
    databaseUrl: database.url,
    request: (options) => fastify.inject(options),
    async close() {
      await api.close();
      await database.drop();
    },
  };
}
