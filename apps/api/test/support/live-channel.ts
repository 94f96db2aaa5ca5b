import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { LIVE_CHANNEL } from '../../src/live/live-events.service';

/** A channel of the tests' own, for fences: the API neither sends nor reads it. */
const FENCE_CHANNEL = 'stockbook_test_fence';

/** One NOTIFY on the live channel, as the write path sends it. */
export interface Heard {
  to: { businessId?: string; userId?: string };
  message: { event: string; data: unknown };
}

export interface LiveListener {
  /** Every notification heard on the live channel, in order, until closed. */
  readonly heard: Heard[];
  /**
   * Resolves once every notification committed before it was called has been heard. PostgreSQL
   * delivers notifications in commit order, so a NOTIFY of our own, heard, is a fence: nothing
   * committed earlier can still arrive (which a fixed wait could only hope for).
   */
  fence(): Promise<void>;
  close(): Promise<void>;
}

/** Listens on a test database's live channel. */
export async function listenToLive(databaseUrl: string): Promise<LiveListener> {
  const heard: Heard[] = [];
  const fences = new Map<string, () => void>();
  const listener = new Client({ connectionString: databaseUrl });
  await listener.connect();
  listener.on('notification', (notification) => {
    if (notification.channel === LIVE_CHANNEL) heard.push(JSON.parse(notification.payload!) as Heard);
    else fences.get(notification.payload!)?.();
  });
  await listener.query(`LISTEN ${LIVE_CHANNEL}`);
  await listener.query(`LISTEN ${FENCE_CHANNEL}`);
  return {
    heard,
    async fence() {
      const mark = randomBytes(6).toString('hex');
      const passed = new Promise<void>((resolve) => fences.set(mark, resolve));
      await listener.query('SELECT pg_notify($1, $2)', [FENCE_CHANNEL, mark]);
      await passed;
      fences.delete(mark);
    },
    close: () => listener.end(),
  };
}

/** The first `invalidate` to `businessId` heard after index `from`; fails after 5 s, naming `after`. */
export async function nextInvalidate(heard: readonly Heard[], from: number, businessId: string, after: string): Promise<Heard> {
  const until = Date.now() + 5000;
  let event: Heard | undefined;
  while (!(event = heard.slice(from).find((one) => one.message.event === 'invalidate' && one.to.businessId === businessId))) {
    if (Date.now() > until) throw new Error(`no invalidate after ${after}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return event;
}
