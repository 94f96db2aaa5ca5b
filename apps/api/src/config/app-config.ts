import path from 'node:path';
import { z } from 'zod';
import { HEARTBEAT_SECONDS } from '@stockbook/contracts';
import { findWorkspaceRoot } from './workspace-root';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

const port = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(fallback);

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || (URL.canParse(value) && protocols.test(value)), hint);

/**
 * Every environment variable the API reads, validated once at boot. The README lists them;
 * keep the two in step.
 */
export const EnvironmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: port(3000),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  EMBEDDED_POSTGRES_PORT: port(54329),
  WEB_ROOT: z.string().trim().optional(),
  SERVE_WEB: booleanFlag.default(true),
  REMOTE_MARKETING_URL: z.string().trim().min(1).default('/remotes/marketing/remoteEntry.js'),
  REMOTE_INVENTORY_URL: z.string().trim().min(1).default('/remotes/inventory-mf/remoteEntry.js'),
  REMOTE_BILLING_URL: z.string().trim().min(1).default('/remotes/billing-mf/remoteEntry.js'),
  REMOTE_ADMIN_URL: z.string().trim().min(1).default('/remotes/admin-mf/remoteEntry.js'),
  SENTRY_DSN: optionalUrl(/^https?:\/\//, 'must be an http(s) URL'),
  SENTRY_ENVIRONMENT: z.string().trim().min(1).default('production'),
  DOCS_URL: z.string().trim().min(1).default('/docs'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // json: one JSON object per line (level, context, message, time), for a log collector.
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  // GET /metrics answers a scraper sending it as a Bearer token; left out, /metrics is off.
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  TRUST_PROXY: booleanFlag.default(false),
  PUBLIC_URL: optionalUrl(/^https?:\/\//, 'must be an http(s) URL'),
  SMTP_URL: optionalUrl(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().trim().min(1).default('Stockbook <no-reply@stockbook.local>'),
  RATE_LIMIT_AUTH_PER_ADDRESS: z.coerce.number({ message: 'must be a number' }).int().min(1).default(60),
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number({ message: 'must be a number' }).int().min(1).default(600),
  // true: the per-session API limit is counted in PostgreSQL, shared by every API process (a write per call); false: per process, in memory.
  RATE_LIMIT_API_SHARED: booleanFlag.default(false),
  // The contract promises a heartbeat at least every HEARTBEAT_SECONDS: it may come sooner (tests), never later.
  LIVE_HEARTBEAT_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(10, 'must be at least 10')
    .max(HEARTBEAT_SECONDS * 1000, `must be at most ${HEARTBEAT_SECONDS * 1000}`)
    .default(HEARTBEAT_SECONDS * 1000),
  // Milliseconds the invalidations of committed writes wait to go out together, in one NOTIFY for every business (issue 25, rule 4).
  LIVE_COALESCE_MS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(1000, 'must be at most 1000').default(5),
  // Open live-event streams one session, and one client address, may hold at once; more are refused 429.
  LIVE_STREAMS_PER_SESSION: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(10),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(500),
  // Connections the server holds at once (a client past it is closed at once); 0 for no cap.
  MAX_CONNECTIONS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').default(20_000),
  // An idle kept-alive connection is closed after this long. Behind a proxy or load balancer that
  // keeps its upstream connections open longer, set it above the proxy's idle timeout, or the proxy
  // may send a request on a connection the API is closing (a 502 for its client).
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1_000, 'must be at least 1000').max(600_000, 'must be at most 600000').default(5_000),
  // A client has this long to send a whole request (headers and body); a slower one is answered 408 and cut off.
  REQUEST_TIMEOUT_MS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(500, 'must be at least 500').default(30_000),
  // On SIGTERM or SIGINT, in-flight requests have this long to finish before their connections are cut.
  SHUTDOWN_GRACE_MS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(600_000, 'must be at most 600000').default(10_000),
  // On a stop, how long the API keeps its port and connections open answering every request 503 (with Connection: close) before it closes them.
  SHUTDOWN_DRAIN_MS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(60_000, 'must be at most 60000').default(1_000),
  // /health proves a write commits at most this often (a cheap one-row update); between, it answers from the last one.
  HEALTH_PROBE_MS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(60_000, 'must be at most 60000').default(3_000),
});

export type Environment = z.infer<typeof EnvironmentSchema>;

export interface AppConfig {
  readonly env: Environment['NODE_ENV'];
  readonly host: string;
  readonly port: number;
  readonly logLevel: Environment['LOG_LEVEL'];
  readonly logFormat: Environment['LOG_FORMAT'];
  /** Set: GET /metrics answers a scraper holding it. */
  readonly metricsToken?: string;
  readonly trustProxy: boolean;
  readonly database: {
    /** Set when the operator gives a server; otherwise the embedded cluster is used. */
    readonly url?: string;
    readonly embedded: { readonly dataDir: string; readonly port: number };
  };
  readonly web: {
    readonly enabled: boolean;
    /** Folder with the built apps: shell/, marketing/, inventory-mf/, ... */
    readonly root: string;
    readonly remotes: Readonly<Record<'marketing' | 'inventory' | 'billing' | 'admin', string>>;
    readonly sentryDsn?: string;
    readonly sentryEnvironment: string;
    readonly docsUrl: string;
  };
  /** Where people reach the product: the base of links in e-mails (never taken from a request's Host). */
  readonly publicUrl: string;
  readonly mail: {
    /** Without it, mail goes to the outbox table and the log. */
    readonly smtpUrl?: string;
    readonly from: string;
  };
  readonly rateLimits: {
    /** Sign-in, sign-up and reset requests per address per 15 minutes. */
    readonly authPerAddress: number;
    /** API calls per session per minute. */
    readonly apiPerMinute: number;
    /** Whether that limit is counted in PostgreSQL for all processes, or in each process's memory. */
    readonly apiShared: boolean;
  };
  /** Milliseconds between heartbeat comments on an open event stream. */
  readonly liveHeartbeatMs: number;
  /** Milliseconds the invalidations of committed writes wait to be sent together. */
  readonly liveCoalesceMs: number;
  readonly liveStreams: { readonly perSession: number; readonly perAddress: number };
  readonly maxConnections: number;
  /** Milliseconds a client has to send a whole request. */
  readonly requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open (KEEP_ALIVE_TIMEOUT_MS). */
  readonly keepAliveTimeoutMs: number;
  /** How often /health may prove a write commits. */
  readonly healthProbeMs: number;
  /** How long a stop waits for in-flight requests. */
  readonly shutdownGraceMs: number;
  /** On a stop, how long every new request is answered 503 (Connection: close) before connections close. */
  readonly shutdownDrainMs: number;
  readonly version: string;
}

/** Thrown when the environment is invalid; its message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvironmentSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? 'environment');
      const given = source[variable];
      return `${variable} ${issue.message}${given === undefined ? '' : ` (got "${given}")`}`;
    });
    throw new ConfigError(problems);
  }
  const env = parsed.data;
  const root = findWorkspaceRoot();
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    metricsToken: env.METRICS_TOKEN,
    trustProxy: env.TRUST_PROXY,
    database: {
      url: env.DATABASE_URL,
      embedded: { dataDir: path.resolve(root, env.DATA_DIR, 'postgres'), port: env.EMBEDDED_POSTGRES_PORT },
    },
    web: {
      enabled: env.SERVE_WEB,
      root: path.resolve(root, env.WEB_ROOT ?? 'dist/apps'),
      remotes: {
        marketing: env.REMOTE_MARKETING_URL,
        inventory: env.REMOTE_INVENTORY_URL,
        billing: env.REMOTE_BILLING_URL,
        admin: env.REMOTE_ADMIN_URL,
      },
      sentryDsn: env.SENTRY_DSN,
      sentryEnvironment: env.SENTRY_ENVIRONMENT,
      docsUrl: env.DOCS_URL,
    },
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    rateLimits: { authPerAddress: env.RATE_LIMIT_AUTH_PER_ADDRESS, apiPerMinute: env.RATE_LIMIT_API_PER_MINUTE, apiShared: env.RATE_LIMIT_API_SHARED },
    liveHeartbeatMs: env.LIVE_HEARTBEAT_MS,
    liveCoalesceMs: env.LIVE_COALESCE_MS,
    liveStreams: { perSession: env.LIVE_STREAMS_PER_SESSION, perAddress: env.LIVE_STREAMS_PER_ADDRESS },
    maxConnections: env.MAX_CONNECTIONS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
    healthProbeMs: env.HEALTH_PROBE_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    version: process.env.npm_package_version ?? '0.1.0',
  };
}
