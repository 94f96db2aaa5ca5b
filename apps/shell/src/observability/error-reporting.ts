import type { ShellRuntimeConfig } from '@stockbook/contracts';
import { sentrySettings } from './sentry-settings';

/**
 * Starts Sentry when a DSN is configured. Loaded on demand, so a deployment without error
 * reporting ships none of its code to the browser.
 */
export async function startErrorReporting(config: ShellRuntimeConfig): Promise<boolean> {
  const settings = sentrySettings(config);
  if (!settings) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration(settings.replay)],
    tracesSampleRate: settings.tracesSampleRate,
    replaysSessionSampleRate: settings.replaysSessionSampleRate,
    replaysOnErrorSampleRate: settings.replaysOnErrorSampleRate,
  });
  return true;
}
