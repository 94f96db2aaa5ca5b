import { connect, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * A client that sends its request slowly (a trickled body) is cut off once REQUEST_TIMEOUT_MS has
 * passed (issue 23: 20 of 20 trickling uploads were still open after 150 s, and enough of them ran
 * the process out of open files). Against a listening API on a real PostgreSQL.
 */
describe('slow clients (real PostgreSQL, a listening API)', () => {
  let api: TestApi;
  let port: number;

  beforeAll(async () => {
    api = await startTestApi({ REQUEST_TIMEOUT_MS: '1000' });
    await api.api.app.listen(0, '127.0.0.1');
    port = (api.api.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('a body trickled in byte by byte is answered 408 and closed after the request timeout; others are served meanwhile', async () => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let closedAt = 0;
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('close', () => (closedAt = Date.now()));
    await new Promise((resolve) => socket.once('connect', resolve));
    const startedAt = Date.now();
    socket.write('POST /api/v1/user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{');
    const trickle = setInterval(() => socket.writable && socket.write(' '), 200);
    try {
      const until = Date.now() + 10_000;
      while (!closedAt && Date.now() < until) {
        // Meanwhile the API answers others.
        expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
        await sleep(250);
      }
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
    expect(closedAt).toBeGreaterThan(0);
    expect(closedAt - startedAt).toBeGreaterThanOrEqual(900);
    expect(closedAt - startedAt).toBeLessThan(6_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);
});

/**
 * An idle kept-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS (5 s unless set), which a
 * proxy in front of the API needs above its own idle timeout.
 */
describe('idle kept-alive connections (a listening API)', () => {
  let api: TestApi;
  let port: number;

  beforeAll(async () => {
    api = await startTestApi({ KEEP_ALIVE_TIMEOUT_MS: '1000' });
    await api.api.app.listen(0, '127.0.0.1');
    port = (api.api.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('says how long it keeps an idle connection, and closes it after that long', async () => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let closedAt = 0;
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('close', () => (closedAt = Date.now()));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const until = Date.now() + 5_000;
    while (!answer.includes('\r\n\r\n') && Date.now() < until) await sleep(20);
    const answeredAt = Date.now();
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/\r\nkeep-alive: timeout=1,/i);
    while (!closedAt && Date.now() < answeredAt + 5_000) await sleep(50);
    socket.destroy();
    expect(closedAt).toBeGreaterThan(0);
    expect(closedAt - answeredAt).toBeGreaterThanOrEqual(800);
    expect(closedAt - answeredAt).toBeLessThan(3_000);
  }, 30_000);
});
