import type { PostmasterExit } from '@stockbook/embedded-db';
import { EmbeddedWatchdog, restartDelay } from './embedded-watchdog';

/** A postmaster the test kills, whose restarts succeed or fail as told. */
class FakePostgres {
  private listener?: (exit: PostmasterExit) => void;
  restarts = 0;
  failNext = 0;

  onUnexpectedExit(listener: (exit: PostmasterExit) => void) {
    this.listener = listener;
    return () => {
      this.listener = undefined;
    };
  }

  async restart(): Promise<void> {
    this.restarts += 1;
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('pre-existing shared memory block is still in use');
    }
  }

  die(exit: PostmasterExit = { code: null, signal: 'SIGKILL' }) {
    this.listener?.(exit);
  }
}

const logs = () => {
  const lines: string[] = [];
  return { lines, logger: { log: (line: string) => void lines.push(line), warn: (line: string) => void lines.push(line) } };
};

describe('EmbeddedWatchdog', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('backs off 0.5 s, 1 s, 2 s, ... up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 60].map((attempt) => restartDelay(attempt))).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('restarts a dead postmaster after the first delay and says when it is back', async () => {
    const postgres = new FakePostgres();
    const { lines, logger } = logs();
    new EmbeddedWatchdog(postgres, { logger });
    postgres.die();
    expect(lines).toEqual(['Embedded PostgreSQL stopped unexpectedly (killed by SIGKILL); restarting in 0.5s (attempt 1).']);
    await jest.advanceTimersByTimeAsync(499);
    expect(postgres.restarts).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(postgres.restarts).toBe(1);
    expect(lines[1]).toBe('Embedded PostgreSQL is back up after 0.5s.');
  });

  it('retries a failed restart with a doubled delay, naming the reason and the attempt', async () => {
    const postgres = new FakePostgres();
    postgres.failNext = 2;
    const { lines, logger } = logs();
    new EmbeddedWatchdog(postgres, { logger });
    postgres.die({ code: 1, signal: null });
    await jest.advanceTimersByTimeAsync(500);
    await jest.advanceTimersByTimeAsync(1000);
    await jest.advanceTimersByTimeAsync(2000);
    expect(postgres.restarts).toBe(3);
    expect(lines).toEqual([
      'Embedded PostgreSQL stopped unexpectedly (exit code 1); restarting in 0.5s (attempt 1).',
      'Embedded PostgreSQL did not come back (pre-existing shared memory block is still in use); restarting in 1s (attempt 2).',
      'Embedded PostgreSQL did not come back (pre-existing shared memory block is still in use); restarting in 2s (attempt 3).',
      'Embedded PostgreSQL is back up after 3.5s.',
    ]);
  });

  it('keeps backing off when it dies again soon after coming back, and starts over once it stayed up', async () => {
    const postgres = new FakePostgres();
    const { lines, logger } = logs();
    new EmbeddedWatchdog(postgres, { logger, stableAfterMs: 60_000 });
    postgres.die();
    await jest.advanceTimersByTimeAsync(500);
    postgres.die();
    expect(lines.at(-1)).toContain('restarting in 1s (attempt 2)');
    await jest.advanceTimersByTimeAsync(1000);
    await jest.advanceTimersByTimeAsync(60_000);
    postgres.die();
    expect(lines.at(-1)).toContain('restarting in 0.5s (attempt 1)');
  });

  it('once disarmed, a stop is not a death: nothing is restarted', async () => {
    const postgres = new FakePostgres();
    const { lines, logger } = logs();
    const watchdog = new EmbeddedWatchdog(postgres, { logger });
    await watchdog.disarm();
    postgres.die({ code: 0, signal: null });
    await jest.advanceTimersByTimeAsync(60_000);
    expect(postgres.restarts).toBe(0);
    expect(lines).toEqual([]);
  });

  it('disarming cancels a restart that is waiting for its delay', async () => {
    const postgres = new FakePostgres();
    const { logger } = logs();
    const watchdog = new EmbeddedWatchdog(postgres, { logger });
    postgres.die();
    await watchdog.disarm();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(postgres.restarts).toBe(0);
  });
});
