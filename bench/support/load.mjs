// Concurrent load for the sales bench: a keep-alive JSON POST, percentiles, and a runner that
// spreads a list of work over N workers and times each piece.
import http from 'node:http';

export const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** POSTs JSON with a cookie; resolves with the status (0 when the connection failed). */
export const post = (url, cookie, body) =>
  new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const request = http.request(url, { method: 'POST', agent, timeout: 30_000, headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode));
      response.on('error', () => resolve(0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
    request.end(payload);
  });

export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/**
 * Runs `work(item, worker)` over `list` with `workers` concurrent workers, each taking its items
 * from its own list when `list` is an array of lists (one per worker), else from the shared one.
 * Answers invoices per second, p50 and p95 in ms, failures, count and seconds.
 */
export async function run(list, workers, work) {
  const timings = [];
  let failures = 0;
  let next = 0;
  const perWorker = Array.isArray(list[0]);
  const started = performance.now();
  await Promise.all(Array.from({ length: workers }, async (_, worker) => {
    let own = 0;
    for (;;) {
      const item = perWorker ? list[worker][own++] : list[next++];
      if (item === undefined) break;
      const t0 = performance.now();
      const ok = await work(item, worker);
      timings.push(performance.now() - t0);
      if (!ok) failures += 1;
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: timings.length / seconds, p50: percentile(timings, 50), p95: percentile(timings, 95), failures, count: timings.length, seconds };
}
