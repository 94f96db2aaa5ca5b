import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { EmbeddedPostgresHandle, PostmasterExit } from '@stockbook/embedded-db';
import { LIVE_DATA } from '@stockbook/contracts';
import { createApi, type RunningApi } from '../src/bootstrap';
import { loadConfig } from '../src/config/app-config';
import { registerBusiness, type Caller } from './support/accounts';
import type { TestApi } from './support/test-api';
import { freePort, isAlive } from './support/processes';

/**
 * The API on an embedded PostgreSQL of its own (not the run's shared server), whose postmaster is
 * killed with SIGKILL in the middle of a burst of writes: the API must start it again by itself.
 */

const postmasterPid = (dataDir: string) => Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** An open user/sse stream, read as text. */
class EventStream {
  text = '';
  private constructor(private readonly abort: AbortController) {}

  static async open(baseUrl: string, cookie: string): Promise<EventStream> {
    const abort = new AbortController();
    const response = await fetch(`${baseUrl}/api/v1/user/sse`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
    expect(response.status).toBe(200);
    const stream = new EventStream(abort);
    void stream.pump(response.body!.getReader());
    await stream.waitFor(/: connected/, 5000);
    return stream;
  }

  private async pump(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.text += decoder.decode(value, { stream: true });
      }
    } catch {
      // aborted
    }
  }

  /** Waits for a frame matching `pattern` in what arrived after `from` characters. */
  async waitFor(pattern: RegExp, timeoutMs: number, from = 0): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!pattern.test(this.text.slice(from))) {
      if (Date.now() > until) throw new Error(`no ${pattern} within ${timeoutMs} ms; got:\n${this.text.slice(from)}`);
      await sleep(25);
    }
  }

  close(): void {
    this.abort.abort();
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A request that is not answered within `ms` counts as hung. */
async function answeredWithin(ms: number, request: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse | 'hung'> {
  const timeout = new AbortController();
  try {
    return await Promise.race([request, sleep(ms, 'hung' as const, { signal: timeout.signal })]);
  } finally {
    timeout.abort();
  }
}

interface Write {
  name: string;
  status: number | 'hung';
  body: string;
  at: number;
}

describe('the embedded PostgreSQL looks after itself', () => {
  let root: string;
  let dataDir: string;
  let running: RunningApi | undefined;
  let api: TestApi;
  let owner: Caller;
  let baseUrl: string;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'stockbook-recovery-'));
    chmodSync(root, 0o755);
    dataDir = path.join(root, 'postgres');
    const config = loadConfig({
      NODE_ENV: 'test',
      // RECOVERY_LOG_LEVEL=info (or debug) shows the watchdog's and PostgreSQL's own lines.
      LOG_LEVEL: process.env.RECOVERY_LOG_LEVEL ?? 'silent',
      SERVE_WEB: 'false',
      DATA_DIR: root,
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      // Writes refused during the outage come back fast and many; they are not what is tested.
      RATE_LIMIT_API_PER_MINUTE: '100000',
    });
    expect(config.database.url).toBeUndefined();
    running = await createApi(config);
    await running.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(running.app.getHttpServer().address() as AddressInfo).port}`;
    const fastify = running.app.getHttpAdapter().getInstance();
    api = { api: running, request: (options) => fastify.inject(options), close: () => running!.close() };
    owner = await registerBusiness(api);
  }, 60_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await running?.close();
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  const health = async () => {
    const response = await answeredWithin(10_000, api.request({ method: 'GET', url: '/api/v1/health' }));
    return response === 'hung' ? 'hung' : (response.json() as { status: string }).status;
  };

  it('keeps fsync and synchronous_commit on (a commit answered is on disk)', async () => {
    const db = running!.app.get(DataSource);
    expect((await db.query('SHOW fsync'))[0].fsync).toBe('on');
    expect((await db.query('SHOW synchronous_commit'))[0].synchronous_commit).toBe('on');
    expect(readFileSync(path.join(dataDir, 'postmaster.opts'), 'utf8')).not.toMatch(/"-F"|fsync/);
  });

  it('restarts after kill -9 of the postmaster during a burst of writes, losing no acknowledged write', async () => {
    expect(await health()).toBe('ok');
    const stream = await EventStream.open(baseUrl, owner.cookie);
    streams.push(stream);
    const killedPid = postmasterPid(dataDir);
    const db = running!.app.get(DataSource);

    const writes: Write[] = [];
    let killedAt = 0;
    let recoveredAt = 0;
    let next = 0;
    let gaveUp = false;
    const worker = async () => {
      // Write until the database has been back for a moment after the kill (or the killer gave up).
      while (!(recoveredAt && Date.now() - recoveredAt > 300) && !gaveUp) {
        const name = `Shelf ${String((next += 1)).padStart(3, '0')}`;
        const response = await answeredWithin(15_000, owner.post('user/category/add', { name }));
        writes.push(
          response === 'hung'
            ? { name, status: 'hung', body: '', at: Date.now() }
            : { name, status: response.statusCode, body: response.body, at: Date.now() },
        );
        await sleep(25);
      }
    };
    const killer = async () => {
      while (writes.filter((write) => write.status === 201).length < 12) await sleep(5);
      process.kill(killedPid, 'SIGKILL');
      killedAt = Date.now();
      // The API sees its database go, then health returns to ok by itself within 30 s.
      while ((await health()) === 'ok') {
        if (Date.now() - killedAt > 10_000) {
          gaveUp = true;
          throw new Error('health stayed ok after the postmaster was killed');
        }
        await sleep(20);
      }
      while ((await health()) !== 'ok') {
        if (Date.now() - killedAt > 30_000) {
          gaveUp = true;
          throw new Error('the API did not get its database back within 30 s');
        }
        await sleep(100);
      }
      recoveredAt = Date.now();
    };
    await Promise.all([killer(), worker(), worker(), worker()]);
    const downForMs = recoveredAt - killedAt;

    // A new postmaster, not the killed one.
    expect(isAlive(killedPid)).toBe(false);
    expect(postmasterPid(dataDir)).not.toBe(killedPid);

    // Nothing hung; every answer was a success or a 503 (try again) error envelope, never a 500.
    expect(writes.filter((write) => write.status === 'hung')).toEqual([]);
    const failed = writes.filter((write) => write.status !== 201);
    for (const write of failed) {
      expect({ status: write.status, body: JSON.parse(write.body) }).toMatchObject({
        status: 503,
        body: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String), requestId: expect.any(String) },
      });
    }
    // The outage was seen by the writers, and writes succeeded again once it was over.
    expect(failed.length).toBeGreaterThan(0);
    expect(writes.some((write) => write.status === 201 && write.at > recoveredAt)).toBe(true);

    // Every write answered 201 is in the database, through the API and in the table.
    const acknowledged = writes.filter((write) => write.status === 201).map((write) => write.name);
    expect(acknowledged.length).toBeGreaterThan(12);
    const listed = (await owner.get('user/category/list')).json() as { categories: { name: string }[] };
    const names = new Set(listed.categories.map((category) => category.name));
    expect(acknowledged.filter((name) => !names.has(name))).toEqual([]);
    const stored: { name: string }[] = await db.query('SELECT name FROM categories WHERE name = ANY($1)', [acknowledged]);
    expect(stored.map((row) => row.name).sort()).toEqual([...acknowledged].sort());

    // The open stream was told to reload everything once the listener was back, and then gets
    // the events of new writes again.
    await stream.waitFor(new RegExp(escapeRegExp(`event: invalidate\ndata: ${JSON.stringify(LIVE_DATA)}\n\n`)), 15_000);
    const from = stream.text.length;
    expect((await owner.post('user/category/add', { name: 'After the crash' })).statusCode).toBe(201);
    await stream.waitFor(/event: invalidate\ndata: \[[^\]\n]*"categories"/, 5000, from);
    stream.close();

    console.info(
      `Embedded PostgreSQL killed during ${writes.length} writes: ${acknowledged.length} acknowledged (all kept), ` +
        `${failed.length} refused while it was down; health ok again after ${downForMs} ms.`,
    );
  }, 90_000);

  it('does not restart the database when the API is closed', async () => {
    for (const until = Date.now() + 30_000; (await health()) !== 'ok' && Date.now() < until; ) await sleep(100);
    const pid = postmasterPid(dataDir);
    await running!.close();
    running = undefined;
    expect(isAlive(pid)).toBe(false);
    // A clean stop removes the pid file; a restart would write it again.
    await sleep(2000);
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
  }, 60_000);
});

describe('the embedded PostgreSQL handle (@stockbook/embedded-db)', () => {
  let root: string;
  let server: EmbeddedPostgresHandle | undefined;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'stockbook-embedded-'));
    chmodSync(root, 0o755);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const start = async () => {
    // Loaded as the API loads it (lazily), not imported statically: see the module boundary rules.
    const { startEmbeddedPostgres } = await import('@stockbook/embedded-db');
    return startEmbeddedPostgres({ dataDir: path.join(root, 'pg'), port: await freePort() });
  };

  const query = async (sql: string) => {
    const client = new Client({ connectionString: server!.connectionString('postgres') });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };

  it('reports a killed postmaster, restarts it with its data, and stops a dead one without hanging', async () => {
    server = await start();
    await query('CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');
    const exits: PostmasterExit[] = [];
    server.onUnexpectedExit((exit) => exits.push(exit));
    const first = server.pid!;
    process.kill(first, 'SIGKILL');
    for (const until = Date.now() + 5000; exits.length === 0 && Date.now() < until; ) await sleep(20);
    expect(exits).toEqual([{ code: null, signal: 'SIGKILL' }]);
    expect(server.pid).toBeUndefined();

    await server.restart();
    expect(server.pid).toEqual(expect.any(Number));
    expect(server.pid).not.toBe(first);
    expect(await query('SELECT n FROM kept')).toEqual([{ n: 42 }]);

    process.kill(server.pid!, 'SIGKILL');
    for (const until = Date.now() + 5000; exits.length === 1 && Date.now() < until; ) await sleep(20);
    const stopped = await Promise.race([server.stop().then(() => 'stopped'), sleep(5000, 'hung')]);
    expect(stopped).toBe('stopped');
    await expect(server.restart()).rejects.toThrow(/was stopped/);
    expect(exits).toHaveLength(2);
    server = undefined;
  }, 60_000);

  it('does not report a stop as a death', async () => {
    server = await start();
    const exits: PostmasterExit[] = [];
    server.onUnexpectedExit((exit) => exits.push(exit));
    await server.stop();
    server = undefined;
    await sleep(200);
    expect(exits).toEqual([]);
  }, 60_000);
});
