import { rmSync } from 'node:fs';
import path from 'node:path';

export default async function globalTeardown() {
  const server = globalThis.__STOCKBOOK_TEST_PG__;
  if (!server) return;
  await server.stop();
  rmSync(path.dirname(server.dataDir), { recursive: true, force: true });
}
