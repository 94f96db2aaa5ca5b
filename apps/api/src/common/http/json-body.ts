import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies, where an empty one means "no body": every client call is sent with a JSON content
 * type (specification, section 7), including POSTs that carry nothing, such as user/logout.
 * Fastify's own parser refuses those with a 400; it still parses everything else (malformed
 * JSON is a 400, and `__proto__` / `constructor` keys are refused).
 */
export function acceptEmptyJsonBodies(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, String(body), done);
  });
}
