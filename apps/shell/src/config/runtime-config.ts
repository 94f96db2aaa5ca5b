import { ShellRuntimeConfigSchema, type ShellRuntimeConfig } from '@stockbook/contracts';

/**
 * The server puts the run-time configuration into index.html as a meta tag; the dev server
 * and a plain static host have none, and get the defaults (build-time values where given).
 */
export function readRuntimeConfig(doc: Document = document): ShellRuntimeConfig {
  const raw = doc.querySelector<HTMLMetaElement>('meta[name="stockbook-config"]')?.content;
  let fromServer: unknown = {};
  if (raw) {
    try {
      fromServer = JSON.parse(raw);
    } catch {
      console.error('Ignoring an unreadable stockbook-config meta tag.');
    }
  }
  const parsed = ShellRuntimeConfigSchema.safeParse(fromServer);
  const config = parsed.success ? parsed.data : ShellRuntimeConfigSchema.parse({});
  return {
    ...config,
    sentryDsn: config.sentryDsn ?? (import.meta.env.VITE_SENTRY_DSN || undefined),
  };
}
