import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { registerBusiness } from './support/accounts';
import { startTestApi } from './support/test-api';
import { createTestDatabase } from './support/test-database';

/**
 * A graceful stop under a sales load (issue 23, rule 2): the API is stopped the way SIGTERM stops
 * it (RunningApi.close, which main.ts calls on the signal) while 8 clients keep selling over
 * keep-alive connections. Every request answered is 2xx or a clean 503 with the error envelope;
 * every sale committed was answered 201; none answered 201 is missing.
 */
describe('a graceful stop under a sales load (real PostgreSQL)', () => {
  it('answers every request it took, 2xx or a clean 503, and every committed sale 201', async () => {
    const database = await createTestDatabase();
    const api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000' }, { databaseUrl: database.url });
    try {
      await api.api.app.listen(0, '127.0.0.1');
      const port = (api.api.app.getHttpServer().address() as AddressInfo).port;
      const owner = await registerBusiness(api);
      const tea = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item._id;
      await owner.post('user/inventory/add/batch', { itemID: tea, locationID: owner.locationId, quantity: '100000', cost: '4' });
      const body = JSON.stringify({ locationID: owner.locationId, items: [{ itemID: tea, quantity: '1' }], paymentMethod: 'Cash' });
      type Outcome = { status: number; body: string } | { error: string; sent: boolean };
      const outcomes: Outcome[] = [];
      let stopping = false;
      const sale = (agent: http.Agent) =>
        new Promise<Outcome>((resolve) => {
          let sent = false;
          const request = http.request(
            { host: '127.0.0.1', port, path: '/api/v1/user/invoice', method: 'POST', agent, headers: { cookie: owner.cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
            (response) => {
              let text = '';
              response.setEncoding('utf8');
              response.on('data', (chunk) => (text += chunk));
              response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
            },
          );
          request.on('finish', () => (sent = true));
          request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, sent }));
          request.end(body);
        });
      const clients = Array.from({ length: 8 }, async () => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        while (!stopping) {
          const outcome = await sale(agent);
          outcomes.push(outcome);
          if ('error' in outcome) break;
        }
        agent.destroy();
      });
      // An open live stream: closed with a retry hint.
      let streamed = '';
      let streamEnded = false;
      http.get({ host: '127.0.0.1', port, path: '/api/v1/user/sse', headers: { cookie: owner.cookie } }, (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk) => (streamed += chunk));
        response.on('end', () => (streamEnded = true));
      });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(streamed).toContain(': connected');
      await api.close();
      stopping = true;
      await Promise.all(clients);
      expect(streamed).toContain('retry: 1000\n: restarting');
      expect(streamEnded).toBe(true);

      const answered = outcomes.filter((outcome): outcome is { status: number; body: string } => 'status' in outcome);
      expect(answered.filter((outcome) => outcome.status === 201).length).toBeGreaterThan(8);
      // Anything else answered is a clean 503 with the envelope.
      for (const other of answered.filter((outcome) => outcome.status !== 201)) {
        expect(other.status).toBe(503);
        expect(JSON.parse(other.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String), requestId: expect.any(String) });
      }
      // A request the server never took (the port closed) is no answer; none was cut off mid-answer.
      for (const failed of outcomes.filter((outcome): outcome is { error: string; sent: boolean } => 'error' in outcome)) expect(failed.error).toBe('ECONNREFUSED');
      const committed = new Client({ connectionString: database.url });
      await committed.connect();
      const ids = new Set((await committed.query('SELECT id FROM invoices')).rows.map((row: { id: string }) => row.id));
      await committed.end();
      const acknowledged = new Set(answered.filter((outcome) => outcome.status === 201).map((outcome) => JSON.parse(outcome.body).invoice._id as string));
      expect([...ids].filter((id) => !acknowledged.has(id))).toEqual([]);
      expect([...acknowledged].filter((id) => !ids.has(id))).toEqual([]);
    } finally {
      await database.drop();
    }
  }, 60_000);
});
