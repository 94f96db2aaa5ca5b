import type { ShellRuntimeConfig } from '@stockbook/contracts';

export interface SentrySettings {
  dsn: string;
  environment: string;
  release?: string;
  tracesSampleRate: number;
  replaysSessionSampleRate: number;
  replaysOnErrorSampleRate: number;
  replay: { maskAllText: boolean; maskAllInputs: boolean; blockAllMedia: boolean };
}

/**
 * The specification's error reporting: every trace, 10% of sessions replayed, every session
 * with an error replayed, environment production, no masking of text or inputs.
 * Without a DSN there is nothing to report to: Sentry stays off.
 */
export function sentrySettings(config: ShellRuntimeConfig): SentrySettings | undefined {
  if (!config.sentryDsn) return undefined;
  return {
    dsn: config.sentryDsn,
    environment: config.sentryEnvironment || 'production',
    release: config.release,
    tracesSampleRate: 1.0,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
    replay: { maskAllText: false, maskAllInputs: false, blockAllMedia: false },
  };
}
