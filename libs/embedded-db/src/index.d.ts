export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster; kept across restarts. */
  dataDir: string;
  port: number;
  /** Receives PostgreSQL's own log lines; silent when omitted. */
  log?: (line: string) => void;
}

/** How the postmaster ended: an exit code, or the signal that killed it (`kill -9`: SIGKILL). */
export interface PostmasterExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface EmbeddedPostgresHandle {
  readonly port: number;
  readonly dataDir: string;
  /** The running postmaster's process id; undefined while it is down. */
  readonly pid: number | undefined;
  /** postgres://postgres:postgres@127.0.0.1:port/database */
  connectionString(database: string): string;
  /** Creates the database when it does not exist yet. */
  ensureDatabase(name: string): Promise<void>;
  dropDatabase(name: string): Promise<void>;
  /**
   * Called when the postmaster exits without `stop()` (killed, crashed, stopped from outside).
   * Nothing restarts it by itself; see `restart()`. Returns a function that removes the listener.
   */
  onUnexpectedExit(listener: (exit: PostmasterExit) => void): () => void;
  /**
   * Starts the postmaster again after it died (PostgreSQL replays its WAL, so every commit it
   * acknowledged is kept). Resolves at once if it is running; rejects with an
   * EmbeddedPostgresError naming PostgreSQL's last log lines if it cannot start, and after `stop()`.
   */
  restart(): Promise<void>;
  /** Stops the cluster (also when its postmaster has already died). */
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {
  /** Set when the data folder cannot hold a cluster; the message says what is wrong and what to do. */
  dataDirProblem?: boolean;
}

export function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle>;
