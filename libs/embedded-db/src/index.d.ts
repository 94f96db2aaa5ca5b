export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster; kept across restarts. */
  dataDir: string;
  port: number;
  /** Receives PostgreSQL's own log lines; silent when omitted. */
  log?: (line: string) => void;
}

export interface EmbeddedPostgresHandle {
  readonly port: number;
  readonly dataDir: string;
  /** postgres://postgres:postgres@127.0.0.1:port/database */
  connectionString(database: string): string;
  /** Creates the database when it does not exist yet. */
  ensureDatabase(name: string): Promise<void>;
  dropDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {}

export function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle>;
