import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionsService } from './sessions.service';

export const SESSION_COOKIE = 'stockbook_session';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Secure everywhere but on the developer's own machine (browsers drop Secure cookies on http). */
function isLocal(request: FastifyRequest): boolean {
  return LOCAL_HOSTS.has(request.hostname.replace(/:\d+$/, ''));
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: !isLocal(request),
    path: '/',
    maxAge: SessionsService.maxAgeSeconds,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: !isLocal(request), path: '/' });
}

export function readSessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies?.[SESSION_COOKIE];
}
