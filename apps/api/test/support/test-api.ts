import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createApi, type RunningApi } from '../../src/bootstrap';
import { loadConfig } from '../../src/config/app-config';
import { createTestDatabase } from './test-database';

export interface TestApi {
  readonly api: RunningApi;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestDatabaseChoice {
  /** A second API process on this database (it does not drop it). */
  databaseUrl?: string;
  /** Start on an empty database, so the API runs every migration itself (default: a copy of the migrated template). */
  empty?: boolean;
}

/**
 * The real API (all modules; its migration check finds nothing to do on the migrated copy) on a
 * fresh database, driven in-process.
 */
export async function startTestApi(env: Record<string, string> = {}, choice: TestDatabaseChoice = {}): Promise<TestApi & { databaseUrl: string }> {
  const database = choice.databaseUrl ? { url: choice.databaseUrl, drop: async () => undefined } : await createTestDatabase({ empty: choice.empty });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', SERVE_WEB: 'false', ...env, DATABASE_URL: database.url });
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
