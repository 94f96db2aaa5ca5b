import type { FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether an unsafe request (POST, PUT, PATCH, DELETE) came from another site. Browsers send
 * Sec-Fetch-Site on every request; older ones send Origin on cross-origin writes. A request with
 * neither (curl, server-to-server) carries no browser's cookies by accident, so it passes.
 */
export function isCrossSiteWrite(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === 'null') return true; // sandboxed frames and some redirects: never ours
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}
