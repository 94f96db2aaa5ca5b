import type { AppConfig } from './config/app-config';

/** What bootstrap resolved before Nest starts: the config and where the database is. */
export interface ApiRuntime {
  readonly config: AppConfig;
  readonly databaseUrl: string;
  readonly embeddedDatabase: boolean;
}

export const API_RUNTIME = Symbol('API_RUNTIME');
