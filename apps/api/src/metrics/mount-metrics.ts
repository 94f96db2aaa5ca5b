import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MetricsService } from './metrics.service';

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN (as
 * `Authorization: Bearer <token>`); 401 otherwise, and 404 while no token is configured (off).
 * Every answered request is counted by its route's pattern, /metrics itself too.
 */
export function mountMetrics(fastify: FastifyInstance, metrics: MetricsService, token: string | undefined): void {
  fastify.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.answered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  fastify.get('/metrics', async (request, reply) => {
    if (!token) return reply.status(404).header('content-type', 'application/json; charset=utf-8').send({ message: 'Metrics are off: set METRICS_TOKEN to turn them on.', code: 'NOT_FOUND', requestId: String(request.id) });
    if (!holds(request.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').header('content-type', 'application/json; charset=utf-8').send({ message: 'Send the metrics token as Authorization: Bearer <token>.', code: 'UNAUTHENTICATED', requestId: String(request.id) });
    }
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(await metrics.registry.metrics());
  });
}

function holds(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
