import { Logger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/app-config';

/**
 * One log line per answered request, carrying its request id (the `x-request-id` it was answered
 * with): every request at LOG_LEVEL debug or trace, and always those answered 5xx (as errors).
 * With LOG_FORMAT=json the line is one JSON object whose `message` holds these fields.
 */
export function logRequests(fastify: FastifyInstance, config: AppConfig): void {
  const logger = new Logger('Http');
  const everything = config.logLevel === 'debug' || config.logLevel === 'trace';
  fastify.addHook('onResponse', async (request, reply) => {
    if (!everything && reply.statusCode < 500) return;
    const line = {
      requestId: String(request.id),
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (reply.statusCode >= 500) logger.error(line);
    else logger.debug(line);
  });
}
