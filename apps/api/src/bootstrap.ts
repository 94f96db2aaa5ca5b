import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConsoleLogger, Logger, type LogLevel } from '@nestjs/common';
import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { type AppConfig, ConfigError, loadConfig } from './config/app-config';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '@stockbook/contracts';
import { STATUS_OF_CODE } from './common/errors/error-status';
import { acceptEmptyJsonBodies } from './common/http/json-body';
import { EmbeddedWatchdog } from './database/embedded-watchdog';
import { MetricsService } from './metrics/metrics.service';
import { mountMetrics } from './metrics/mount-metrics';
import { logRequests } from './common/http/request-log';
import { mountOpenApi } from './openapi';
import type { ApiRuntime } from './runtime';
import { mountWebFrontend } from './web/web-frontend';
import { PUBLIC_INVOICE_PATH, publicInvoiceNotFound } from './sales/invoices/public-invoice.controller';
import { registerSecurityHeaders } from './web/security-headers';

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

function nestLogLevels(level: AppConfig['logLevel']): LogLevel[] | false {
  if (level === 'silent') return false;
  const wanted = { fatal: 'fatal', error: 'error', warn: 'warn', info: 'log', debug: 'debug', trace: 'verbose' }[level];
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(wanted as LogLevel) + 1);
}

export interface RunningApi {
  readonly app: NestFastifyApplication;
  readonly runtime: ApiRuntime;
  close(): Promise<void>;
}

interface DatabaseHandle {
  url: string;
  embedded: boolean;
  /** Stops restarting the embedded PostgreSQL when it dies: first step of a deliberate shutdown. */
  disarm(): Promise<void>;
  stop(): Promise<void>;
}

async function openDatabase(config: AppConfig): Promise<DatabaseHandle> {
  if (config.database.url) {
    return { url: config.database.url, embedded: false, disarm: async () => undefined, stop: async () => undefined };
  }
  const { startEmbeddedPostgres } = await import('@stockbook/embedded-db');
  const logger = new Logger('EmbeddedPostgres');
  const server = await startEmbeddedPostgres({
    dataDir: config.database.embedded.dataDir,
    port: config.database.embedded.port,
    log: config.logLevel === 'debug' || config.logLevel === 'trace' ? (line) => logger.debug(line) : undefined,
  }).catch((error: unknown) => {
    // An unusable data folder is the operator's setting to fix: said in one line, naming DATA_DIR.
    if ((error as { dataDirProblem?: boolean }).dataDirProblem) throw new ConfigError([`DATA_DIR: ${(error as Error).message}`]);
    throw error;
  });
  await server.ensureDatabase('stockbook').catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  logger.log(`Embedded PostgreSQL is up on port ${server.port} (data in ${server.dataDir}).`);
  // The API looks after its own database: a postmaster that dies is started again (WAL replay
  // keeps every acknowledged commit), until close() disarms the watchdog before stopping it.
  const watchdog = new EmbeddedWatchdog(server, { logger });
  return {
    url: server.connectionString('stockbook'),
    embedded: true,
    disarm: () => watchdog.disarm(),
    async stop() {
      await watchdog.disarm();
      await server.stop();
    },
  };
}

/**
 * The start of a stop: no new connections (net.Server's close; http.Server's own would also cut
 * the idle kept-alive ones at once), and for up to `ms`, until every connection has gone, each
 * request on a kept-alive connection is answered 503 with Connection: close (the onRequest hook),
 * so clients let go of their connections before the server closes the idle ones. Closing them at
 * once reset a client that had just sent its next request on a connection the server still saw
 * as idle (ECONNRESET: issue 23 rule 2, 1 run in a few with 8 selling clients).
 */
async function drainConnections(server: Server, ms: number): Promise<void> {
  if (ms <= 0) return;
  NetServer.prototype.close.call(server);
  const openConnections = () => new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && (await openConnections()) > 0) await sleep(Math.min(50, Math.max(1, deadline - Date.now())));
}

/** Builds the API (and, unless SERVE_WEB=false, the web front door) without listening. */
export async function createApi(config: AppConfig): Promise<RunningApi> {
  const database = await openDatabase(config);
  const runtime: ApiRuntime = { config, databaseUrl: database.url, embeddedDatabase: database.embedded };
  const adapter = new FastifyAdapter({
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request trickled in byte by byte held its connection forever (issue 23: 1,100 of them
    // exhausted the open files). Node checks the deadline every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    // An idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS (5 s unless set), and one
    // connection serves at most 1,000 requests (issue 23, rule 3), so idle sockets cannot pile up
    // against the open-file limit.
    keepAliveTimeout: config.keepAliveTimeoutMs,
    maxRequestsPerSocket: 1_000,
    // While stopping, a request on a kept-alive connection is answered by our hook below (503 with
    // the error envelope), not by Fastify's own bare 503.
    return503OnClosing: false,
    // Given to the server's constructor too: set only afterwards, Node 20 never enforced it (headersTimeout stays above it).
    http: { connectionsCheckingInterval: Math.min(5_000, config.requestTimeoutMs), requestTimeout: config.requestTimeoutMs },
    // The router refuses a malformed URL (400) or a path parameter over 100 characters (414)
    // before any hook or exception filter runs: answer those with the error envelope too.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      // The public invoice page answers every link it cannot find the same way (a malformed one too).
      if (request.url.startsWith(PUBLIC_INVOICE_PATH) && error.code !== 'FST_ERR_ASYNC_CONSTRAINT') {
        void reply.status(404).header('content-type', 'application/json; charset=utf-8').send(publicInvoiceNotFound(String(request.id)));
        return;
      }
      const code = error.code === 'FST_ERR_ASYNC_CONSTRAINT' ? 'INTERNAL' : 'VALIDATION_FAILED';
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the address is too long.' : code === 'INTERNAL' ? 'Something went wrong on our side. Please try again.' : 'The address is not valid.';
      const envelope: ErrorEnvelope = { message, code, requestId: String(request.id) };
      void reply.status(STATUS_OF_CODE[code]).header('content-type', 'application/json; charset=utf-8').send(envelope);
    },
    requestIdHeader: false,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  let app: NestFastifyApplication;
  try {
    app = await NestFactory.create<NestFastifyApplication>(AppModule.register(runtime), adapter, {
      logger: config.logFormat === 'json' ? new ConsoleLogger({ json: true, logLevels: nestLogLevels(config.logLevel) || [] }) : nestLogLevels(config.logLevel),
      abortOnError: false,
      // JSON bodies are parsed by acceptEmptyJsonBodies below (an empty body is no body).
      bodyParser: false,
    });
  } catch (error) {
    await database.stop();
    throw error;
  }
  const fastify = app.getHttpAdapter().getInstance();
  // Connections held at once (issue 23, rule 3): past the cap a new one is closed at once, before
  // it can take an open file the process needs for its database and its clients.
  if (config.maxConnections > 0) fastify.server.maxConnections = config.maxConnections;
  fastify.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // A stop (issue 23, rule 2): from the moment it starts, a new request is answered 503 with the
  // envelope and a retry hint, and its connection closed; requests already taken finish.
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
  });
  fastify.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    const envelope: ErrorEnvelope = { message: 'Stockbook is restarting. Please try again in a moment.', code: 'SERVICE_UNAVAILABLE', requestId: String(request.id) };
    return reply.status(503).header('connection', 'close').header('retry-after', '2').header('content-type', 'application/json; charset=utf-8').send(envelope);
  });
  app.setGlobalPrefix('api/v1');
  acceptEmptyJsonBodies(fastify);
  await fastify.register(fastifyCookie);
  await registerSecurityHeaders(fastify, config);
  mountMetrics(fastify, app.get(MetricsService), config.metricsToken);
  logRequests(fastify, config);
  mountOpenApi(app, config);
  if (config.web.enabled) await mountWebFrontend(fastify, config);
  await app.init();
  return {
    app,
    runtime,
    async close() {
      // Disarm first: the database going away from here on is the shutdown, not a death.
      await database.disarm();
      closing = true;
      if (fastify.server.listening) await drainConnections(fastify.server, config.shutdownDrainMs);
      // In-flight requests get SHUTDOWN_GRACE_MS to finish; then their connections are cut.
      const grace = setTimeout(() => fastify.server.closeAllConnections(), config.shutdownGraceMs);
      try {
        await app.close();
      } finally {
        clearTimeout(grace);
      }
      await database.stop();
    },
  };
}

/** Reads the environment, builds the API and listens on HOST:PORT. */
export async function startApi(env: NodeJS.ProcessEnv = process.env): Promise<RunningApi> {
  const config = loadConfig(env);
  const running = await createApi(config);
  await running.app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  new Logger('Stockbook').log(`Stockbook is ready at http://${shown}:${config.port} (API at /api/v1, docs at /api/docs)`);
  return running;
}
