// Starts one real PostgreSQL for the whole API test run (unless TEST_DATABASE_URL names an
// operator's server) and names the run's template database: each test file gets a copy of it
// (test-database.ts), migrated once per run by the first worker that needs it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// The API loads this lib lazily (only without DATABASE_URL); the test run always needs it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startEmbeddedPostgres } from '@stockbook/embedded-db';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export default async function globalSetup() {
  // Workers start after global setup and inherit its environment.
  process.env.STOCKBOOK_TEST_TEMPLATE = `stockbook_template_${randomBytes(6).toString('hex')}`;
  if (process.env.TEST_DATABASE_URL) return; // an operator-provided server
  const root = mkdtempSync(path.join(os.tmpdir(), 'stockbook-test-'));
  chmodSync(root, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: path.join(root, 'pg'), port: await freePort() });
  globalThis.__STOCKBOOK_TEST_PG__ = server;
  process.env.TEST_DATABASE_URL = server.connectionString('postgres');
}
