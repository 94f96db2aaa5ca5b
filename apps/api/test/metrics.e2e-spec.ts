import { registerBusiness } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/** Prometheus metrics (issue 23, rule 8): GET /metrics behind its token, counting what really happened. */
describe('metrics (real PostgreSQL)', () => {
  const TOKEN = 'metrics-token-for-the-test-0123';
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ METRICS_TOKEN: TOKEN, RATE_LIMIT_API_PER_MINUTE: '1000000' });
  });
  afterAll(async () => {
    await api?.close();
  });

  const scrape = (authorization?: string) => api.request({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
  /** A sample's value from the text format: `name{labels} value`. */
  const sample = (text: string, name: string, labels = '') => {
    const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `) || (labels === '' && l.startsWith(`${name} `)));
    return line === undefined ? undefined : Number(line.split(' ').pop());
  };

  it('answers a scraper with the token: requests by route and status, latency, sales and refunds, the pool, streams, the process', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong-token-wrong-token-00')).statusCode).toBe(401);

    const owner = await registerBusiness(api);
    const tea = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item._id;
    await owner.post('user/inventory/add/batch', { itemID: tea, locationID: owner.locationId, quantity: '10', cost: '4' });
    const sold = [];
    for (let i = 0; i < 3; i++) sold.push((await owner.post('user/invoice', { locationID: owner.locationId, items: [{ itemID: tea, quantity: '1' }], paymentMethod: 'Cash' })).json().invoice);
    const refund = { invoiceID: sold[0]._id, items: [{ lineID: sold[0].items[0]._id, quantity: '1' }] };
    const refundOnce = () =>
      api.request({ method: 'POST', url: '/api/v1/user/invoice/refund', payload: refund, headers: { cookie: owner.cookie, 'idempotency-key': 'refund-once-0001' } });
    expect((await refundOnce()).statusCode).toBe(201);
    // Its retry with the same key is answered again, and counted once.
    expect((await refundOnce()).statusCode).toBe(201);
    // A refused one: counted under its status.
    expect((await owner.post('user/invoice', { locationID: owner.locationId, items: [{ itemID: tea, quantity: '100' }], paymentMethod: 'Cash' })).statusCode).toBe(409);

    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const text = answer.body;
    expect(sample(text, 'stockbook_sales_total')).toBe(3);
    expect(sample(text, 'stockbook_refunds_total')).toBe(1);
    // By the route's pattern, never the raw URL.
    expect(sample(text, 'stockbook_http_requests_total', 'method="POST",route="/api/v1/user/invoice",status="201"')).toBe(3);
    expect(sample(text, 'stockbook_http_requests_total', 'method="POST",route="/api/v1/user/invoice",status="409"')).toBe(1);
    expect(sample(text, 'stockbook_http_request_duration_seconds_count', 'method="POST",route="/api/v1/user/invoice"')).toBe(4);
    expect(text).not.toContain(sold[0]._id);
    expect(sample(text, 'stockbook_db_pool_connections')).toBeGreaterThan(0);
    expect(sample(text, 'stockbook_live_streams_open')).toBe(0);
    expect(text).toMatch(/^stockbook_live_fanout_duration_seconds_count \d+$/m);
    expect(text).toMatch(/^stockbook_process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^stockbook_nodejs_eventloop_lag_seconds /m);
  });

  it('is off (404) without a configured token', async () => {
    const off = await startTestApi();
    try {
      const answer = await off.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toContain('METRICS_TOKEN');
    } finally {
      await off.close();
    }
  });
});
