import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EmbeddedPostgresHandle } from '@stockbook/embedded-db';
import { Client } from 'pg';
import { freePort, isAlive } from './support/processes';

/**
 * After `kill -9` of the process that started the embedded PostgreSQL (the API), its postmaster
 * lives on under init and holds the data folder (issue 23). The next start stops that leftover
 * PostgreSQL (a fast shutdown: what was committed is kept) and starts afresh; a PostgreSQL still
 * owned by a running process is never touched.
 */

/** A separate node process that starts the embedded PostgreSQL on `dataDir` and keeps running, as `npm start` does. */
async function startInChild(dataDir: string, port: number): Promise<{ child: ChildProcess; postmaster: number }> {
  const entry = path.resolve(__dirname, '../../../libs/embedded-db/src/index.js');
  const script = `import { startEmbeddedPostgres } from ${JSON.stringify(entry)};
    const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port} });
    await db.ensureDatabase('shop');
    console.log('READY ' + db.pid);
    setInterval(() => undefined, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += String(chunk)));
  child.stderr!.on('data', (chunk) => (out += String(chunk)));
  const until = Date.now() + 90_000;
  while (!/READY \d+/.test(out)) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`the child did not start PostgreSQL:\n${out}`);
    await sleep(100);
  }
  return { child, postmaster: Number(/READY (\d+)/.exec(out)![1]) };
}

describe('a PostgreSQL left running by a killed start (real embedded PostgreSQL)', () => {
  let root: string;
  let handle: EmbeddedPostgresHandle | undefined;
  let child: ChildProcess | undefined;

  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'stockbook-orphan-'));
    chmodSync(root, 0o755);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await handle?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('is refused while its starter runs; once the starter is killed (kill -9) the next start stops it and starts, keeping what was committed', async () => {
    const { startEmbeddedPostgres } = await import('@stockbook/embedded-db');
    const dataDir = path.join(root, 'data');
    const port = await freePort();
    const started = await startInChild(dataDir, port);
    child = started.child;
    const url = `postgres://postgres:postgres@127.0.0.1:${port}/shop`;
    const first = new Client({ connectionString: url });
    await first.connect();
    await first.query(`CREATE TABLE kept (note text); INSERT INTO kept VALUES ('sold before the crash')`);
    await first.end();

    // Still owned by a running process: never taken over.
    await expect(startEmbeddedPostgres({ dataDir, port: await freePort() })).rejects.toThrow(/in use by a PostgreSQL \(pid \d+\) that a running process/);
    expect(isAlive(started.postmaster)).toBe(true);

    // The starter killed with no chance to clean up: its postmaster lives on, holding the folder.
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    expect(isAlive(started.postmaster)).toBe(true);

    handle = await startEmbeddedPostgres({ dataDir, port });
    expect(isAlive(started.postmaster)).toBe(false);
    expect(handle.pid).not.toBe(started.postmaster);
    expect(Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])).toBe(handle.pid);
    const again = new Client({ connectionString: url });
    await again.connect();
    expect((await again.query(`SELECT note FROM kept`)).rows).toEqual([{ note: 'sold before the crash' }]);
    await again.end();
  }, 180_000);
});
