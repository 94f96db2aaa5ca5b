#!/usr/bin/env node
// `npm start`: builds what is stale (Nx cache: instant when nothing changed), then serves the
// whole product on one origin: API at /api/v1, shell at /, remotes under /remotes/<name>/.
// Without DATABASE_URL the API starts an embedded PostgreSQL with its data under .data/.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

// The Node version package.json's engines names (and every dependency supports): refused with what to do.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Stockbook needs Node.js 20.19 or newer; this is ${process.versions.node}. Install a newer Node.js (20.19+, 22 or 24) and run npm start again.`);
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

if (!process.argv.includes('--no-build')) {
  const nx = path.join(root, 'node_modules/.bin/nx');
  const build = spawnSync(nx, ['run-many', '-t', 'build', '--output-style=static'], { cwd: root, env, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed; nothing was started.');
    process.exit(build.status ?? 1);
  }
}

const api = spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
