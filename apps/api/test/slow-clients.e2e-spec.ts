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
