/// <reference types="vite/client" />

/** The app's build version, set by the Vite configuration. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_SENTRY_DSN?: string;
}
