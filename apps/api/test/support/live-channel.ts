import { Client } from 'pg';
import { LIVE_CHANNEL } from '../../src/live/live-events.service';

/** One NOTIFY on the live channel, as the write path sends it. */
export interface Heard {
  to: { businessId?: string; userId?: string };
  message: { event: string; data: unknown };
}

/** Listens on a test database's live channel: every notification heard, in order, until closed. */
export async function listenToLive(databaseUrl: string): Promise<{ heard: Heard[]; close(): Promise<void> }> {
  const heard: Heard[] = [];
  const listener = new Client({ connectionString: databaseUrl });
  await listener.connect();
  listener.on('notification', (notification) => heard.push(JSON.parse(notification.payload!) as Heard));
  await listener.query(`LISTEN ${LIVE_CHANNEL}`);
  return { heard, close: () => listener.end() };
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
