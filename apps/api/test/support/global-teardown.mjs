import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export default async function globalTeardown() {
  const server = globalThis.__STOCKBOOK_TEST_PG__;
  if (server) {
    await server.stop();
    rmSync(path.dirname(server.dataDir), { recursive: true, force: true });
    return;
  }
  // An operator's server outlives the run: drop the run's template (test files drop their own copies).
  const template = process.env.STOCKBOOK_TEST_TEMPLATE;
  if (!process.env.TEST_DATABASE_URL || !template) return;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    for (const name of [template, `${template}_building`]) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
