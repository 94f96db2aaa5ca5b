import { connect, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApi, type TestApi } from './support/test-api';

/** A listening API on a real PostgreSQL, started with `env` for the describe block that calls this. */
function listeningApi(env: Record<string, string>): { readonly port: number } {
  let api: TestApi | undefined;
  const listening = { port: 0 };
  beforeAll(async () => {
    api = await startTestApi(env);
    await api.api.app.listen(0, '127.0.0.1');
    listening.port = (api.api.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await api?.close();
  });
  return listening;
}

/** A raw connection to the API: what it has answered so far and when it closed (0: still open). */
async function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  const seen = { answer: '', closedAt: 0 };
  socket.on('data', (chunk) => (seen.answer += String(chunk)));
  socket.on('close', () => (seen.closedAt = Date.now()));
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, seen };
}

/**
 * A client that sends its request slowly (a trickled body) is cut off once REQUEST_TIMEOUT_MS has
 * passed (issue 23: 20 of 20 trickling uploads were still open after 150 s, and enough of them ran
 * the process out of open files). Against a listening API on a real PostgreSQL.
 */
describe('slow clients (real PostgreSQL, a listening API)', () => {
  const api = listeningApi({ REQUEST_TIMEOUT_MS: '1000' });

  it('a body trickled in byte by byte is answered 408 and closed after the request timeout; others are served meanwhile', async () => {
    const { socket, seen } = await rawConnection(api.port);
    const startedAt = Date.now();
    socket.write('POST /api/v1/user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{');
    const trickle = setInterval(() => socket.writable && socket.write(' '), 200);
    try {
      const until = Date.now() + 10_000;
      while (!seen.closedAt && Date.now() < until) {
        // Meanwhile the API answers others.
        expect((await fetch(`http://127.0.0.1:${api.port}/api/v1/health`)).status).toBe(200);
        await sleep(250);
      }
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
    expect(seen.closedAt).toBeGreaterThan(0);
    expect(seen.closedAt - startedAt).toBeGreaterThanOrEqual(900);
    expect(seen.closedAt - startedAt).toBeLessThan(6_000);
    expect(seen.answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);
});

/**
 * An idle kept-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS (5 s unless set), which a
 * proxy in front of the API needs above its own idle timeout.
 */
describe('idle kept-alive connections (a listening API)', () => {
  const api = listeningApi({ KEEP_ALIVE_TIMEOUT_MS: '1000' });

  it('says how long it keeps an idle connection, and closes it after that long', async () => {
    const { socket, seen } = await rawConnection(api.port);
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const until = Date.now() + 5_000;
    while (!seen.answer.includes('\r\n\r\n') && Date.now() < until) await sleep(20);
    const answeredAt = Date.now();
    expect(seen.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(seen.answer).toMatch(/\r\nkeep-alive: timeout=1,/i);
    while (!seen.closedAt && Date.now() < answeredAt + 5_000) await sleep(50);
    socket.destroy();
    expect(seen.closedAt).toBeGreaterThan(0);
    expect(seen.closedAt - answeredAt).toBeGreaterThanOrEqual(800);
    expect(seen.closedAt - answeredAt).toBeLessThan(3_000);
  }, 30_000);
});
