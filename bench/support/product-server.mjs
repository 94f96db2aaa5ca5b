// The built product for a benchmark: build it, start dist/apps/api/main.js on a throwaway
// embedded PostgreSQL, wait until healthy, and stop it with everything it started.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '../..');

/** Builds every project (Nx cache); benches skip it with BENCH_NO_BUILD=1. */
export function build() {
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
  const nx = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], { cwd: root, env, stdio: 'inherit' });
  if (nx.status !== 0) throw new Error(`build failed (exit ${nx.status}); try BENCH_NO_BUILD=1 against the existing dist`);
}

export function startApi({ dataDir, port, postgresPort, env: extra = {} }) {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir,
    EMBEDDED_POSTGRES_PORT: String(postgresPort), LOG_LEVEL: 'warn', NODE_ENV: 'production', ...extra };
  delete env.DATABASE_URL;
  // Own process group, so PostgreSQL (or initdb) can be stopped too if the API dies mid-startup.
  return spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], { cwd: root, env, stdio: 'inherit', detached: true });
}

export async function waitHealthy(api, base) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`the API exited early (code ${api.exitCode})`);
    const ok = await fetch(`${base}/api/v1/health`).then((r) => r.status === 200, () => false);
    if (ok) return;
    await sleep(250);
  }
  throw new Error('the API did not answer /api/v1/health with 200 within 90 s');
}

// SIGTERM lets the API stop its embedded PostgreSQL; then anything left in its group goes too.
export async function stopApi(api) {
  const group = (signal) => { try { process.kill(-api.pid, signal); return true; } catch { return false; } };
  if (api.exitCode === null && api.signalCode === null) {
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
  }
  for (let i = 0; i < 40 && group(0); i++) { group('SIGTERM'); await sleep(250); }
  group('SIGKILL');
}
