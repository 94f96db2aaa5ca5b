import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/app-config';

function originOf(url: string | undefined): string[] {
  if (!url || !/^https?:\/\//.test(url)) return [];
  return [new URL(url).origin];
}

/** Security headers with a content security policy that admits only our origins. */
export async function registerSecurityHeaders(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  const remoteOrigins = Object.values(config.web.remotes).flatMap(originOf);
  const sentryOrigins = originOf(config.web.sentryDsn);
  await fastify.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remoteOrigins],
        styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...remoteOrigins, ...sentryOrigins],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production' ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
}
