import { Logger } from '@nestjs/common';
import type { EmbeddedPostgresHandle, PostmasterExit } from '@stockbook/embedded-db';

/** What the watchdog needs of the embedded PostgreSQL. */
export type SupervisedPostgres = Pick<EmbeddedPostgresHandle, 'onUnexpectedExit' | 'restart'>;

export interface WatchdogOptions {
  /** Wait before the first restart; each failed attempt doubles it. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Up this long, a later death starts the backoff again from the first delay. */
  stableAfterMs?: number;
  logger?: Pick<Logger, 'log' | 'warn'>;
}

/** 0.5 s, 1 s, 2 s, 4 s, ... capped at maxDelayMs: attempt 1 waits firstDelayMs. */
export function restartDelay(attempt: number, firstDelayMs = 500, maxDelayMs = 30_000): number {
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(attempt - 1, 30));
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))}s`;

const describe = (exit: PostmasterExit) => (exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`);

/**
 * Restarts the embedded PostgreSQL whenever its postmaster dies, with backoff. PostgreSQL replays
 * its WAL on start, so every commit it acknowledged survives; meanwhile requests fail fast with
 * 5xx, the pool drops its dead connections, and the live-event listener reconnects by itself.
 * `disarm()` before a deliberate stop, so shutting down is never mistaken for a death.
 */
export class EmbeddedWatchdog {
  private readonly firstDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly stableAfterMs: number;
  private readonly logger: Pick<Logger, 'log' | 'warn'>;
  private readonly unsubscribe: () => void;
  private attempt = 0;
  private upSince = Date.now();
  private downSince?: number;
  private timer?: NodeJS.Timeout;
  private restarting?: Promise<void>;
  private disarmed = false;

  constructor(
    private readonly database: SupervisedPostgres,
    options: WatchdogOptions = {},
  ) {
    this.firstDelayMs = options.firstDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    this.stableAfterMs = options.stableAfterMs ?? 60_000;
    this.logger = options.logger ?? new Logger('EmbeddedPostgres');
    this.unsubscribe = database.onUnexpectedExit((exit) => this.died(exit));
  }

  /** Stops watching; waits for a restart under way to settle. Call it before stopping the database. */
  async disarm(): Promise<void> {
    this.disarmed = true;
    this.unsubscribe();
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.restarting;
  }

  private died(exit: PostmasterExit): void {
    if (this.disarmed) return;
    const now = Date.now();
    if (this.downSince === undefined) {
      if (now - this.upSince >= this.stableAfterMs) this.attempt = 0;
      this.downSince = now;
    }
    this.schedule(`Embedded PostgreSQL stopped unexpectedly (${describe(exit)})`);
  }

  private schedule(why: string): void {
    this.attempt += 1;
    const delay = restartDelay(this.attempt, this.firstDelayMs, this.maxDelayMs);
    this.logger.warn(`${why}; restarting in ${seconds(delay)} (attempt ${this.attempt}).`);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.restart(), delay);
    this.timer.unref();
  }

  private restart(): void {
    this.timer = undefined;
    if (this.disarmed) return;
    this.restarting = this.database
      .restart()
      .then(
        () => {
          if (this.disarmed) return;
          const now = Date.now();
          this.logger.log(`Embedded PostgreSQL is back up after ${seconds(now - (this.downSince ?? now))}.`);
          this.downSince = undefined;
          this.upSince = now;
        },
        (error: unknown) => {
          if (this.disarmed) return;
          this.schedule(`Embedded PostgreSQL did not come back (${error instanceof Error ? error.message : String(error)})`);
        },
      )
      .finally(() => {
        this.restarting = undefined;
      });
  }
}
