import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Client, Notification } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { LIVE_DATA, LiveEventName, type LiveData, type LogoutReason } from '@stockbook/contracts';
import { openListener } from '../common/database/listener';
import { API_RUNTIME, type ApiRuntime } from '../runtime';
import { MetricsService } from '../metrics/metrics.service';
import { SseFrame } from './sse-frame';

/** The PostgreSQL channel every API process listens on. */
export const LIVE_CHANNEL = 'stockbook_live';

/** Who an event is for: every open session of a user, these sessions, or a whole business. */
export type LiveTarget = { userId: string } | { sessionIds: readonly string[] } | { businessId: string };

export type LiveEvent = { event: 'invalidate'; data: readonly LiveData[] } | { event: 'logout'; data: LogoutReason };

interface Envelope {
  to: LiveTarget;
  message: LiveEvent;
}

/** The NOTIFY that carries an event to every process's streams. */
const notifyOf = (to: LiveTarget, message: LiveEvent): { channel: string; payload: string } => ({
  channel: LIVE_CHANNEL,
  payload: JSON.stringify({ to, message } satisfies Envelope),
});

/** One server-sent event frame. `data` never holds a newline (JSON or a plain reason). */
export const frameOf = (event: LiveEvent): SseFrame =>
  new SseFrame(`event: ${event.event === 'logout' ? LiveEventName.Logout : LiveEventName.Invalidate}\ndata: ${event.event === 'logout' ? event.data : JSON.stringify(event.data)}\n\n`);

/** One open event stream. */
export interface LiveSubscriber {
  readonly sessionId: string;
  /** The client's address, for the cap of streams per address. */
  readonly address: string;
  readonly userId: string;
  readonly businessId: string;
  /** `frame` is the event as a server-sent event, serialised once for every stream it goes to. */
  deliver(event: LiveEvent, frame: SseFrame): void;
  /** Ends the stream (the process is shutting down; the browser reconnects to another). */
  end(): void;
}

const RECONNECT_MS = 1000;

/**
 * Server-sent events across API processes: `publish` sends a NOTIFY on the database, and every
 * process (this one too) LISTENs and hands the event to its own open streams. Published inside a
 * transaction, the event is delivered only if and when it commits.
 */
@Injectable()
export class LiveEventsService implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('LiveEvents');
  private readonly subscribers = new Set<LiveSubscriber>();
  /**
   * The open streams by business, user and session: an event reaches its streams without a look
   * at every other stream of the process (10,000 streams, issue 23 rule 9).
   */
  private readonly byBusiness = new Map<string, Set<LiveSubscriber>>();
  private readonly byUser = new Map<string, Set<LiveSubscriber>>();
  private readonly bySession = new Map<string, Set<LiveSubscriber>>();
  private readonly byAddress = new Map<string, Set<LiveSubscriber>>();
  private listener?: Client;
  private stopping = false;
  /** Kinds of data to reload per business, from writes that committed since the last send. */
  private readonly pending = new Map<string, Set<LiveData>>();
  private sendTimer?: NodeJS.Timeout;
  private sending: Promise<void> = Promise.resolve();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(API_RUNTIME) private readonly runtime: ApiRuntime,
    private readonly metrics: MetricsService,
  ) {
    metrics.countStreamsWith(() => this.subscribers.size);
  }

  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  /** Sends what committed writes still owe; open streams would keep the HTTP server from closing. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.sendPending();
    for (const subscriber of [...this.subscribers]) subscriber.end();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    // Requests that finished while the server closed may have added some.
    await this.sendPending();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    const indexes: [Map<string, Set<LiveSubscriber>>, string][] = [
      [this.byBusiness, subscriber.businessId],
      [this.byUser, subscriber.userId],
      [this.bySession, subscriber.sessionId],
      [this.byAddress, subscriber.address],
    ];
    for (const [index, key] of indexes) {
      let set = index.get(key);
      if (!set) index.set(key, (set = new Set()));
      set.add(subscriber);
    }
    return () => {
      if (!this.subscribers.delete(subscriber)) return;
      for (const [index, key] of indexes) {
        const set = index.get(key);
        set?.delete(subscriber);
        if (set?.size === 0) index.delete(key);
      }
    };
  }

  /** Streams this process holds open for a session, and for a client address (their caps: issue 23, rule 3). */
  openFor(sessionId: string, address: string): { session: number; address: number } {
    return { session: this.bySession.get(sessionId)?.size ?? 0, address: this.byAddress.get(address)?.size ?? 0 };
  }

  /** Open streams in this process (for the health page and tests). */
  get openStreams(): number {
    return this.subscribers.size;
  }

  async publish(to: LiveTarget, message: LiveEvent, manager?: EntityManager): Promise<void> {
    const { channel, payload } = notifyOf(to, message);
    await (manager ?? this.dataSource.manager).query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  /** Tells everyone of a business to reload these kinds of data. */
  invalidate(businessId: string, kinds: readonly LiveData[], manager?: EntityManager): Promise<void> {
    return this.publish({ businessId }, { event: 'invalidate', data: kinds }, manager);
  }

  /** The NOTIFY of `invalidate`, for a caller that sends it inside a statement of its own (the write path). */
  invalidation(businessId: string, kinds: readonly LiveData[]): { channel: string; payload: string } {
    return notifyOf({ businessId }, { event: 'invalidate', data: kinds });
  }

  /**
   * After a write committed: tells everyone of the business to reload these kinds, sent with every
   * other invalidation of the next LIVE_COALESCE_MS (5 ms) as one statement of NOTIFYs (one a
   * business, its kinds merged), outside the writes' transactions (issue 25, rule 4). A transaction
   * that notifies takes PostgreSQL's notification queue lock at COMMIT, which serialised every
   * business's commits (about 2,000 a second on this machine, 4,000 without the NOTIFY); now one
   * commit carries the events of many writes. Every process still hears them through LISTEN. The
   * cost: an event is lost if the process dies in those milliseconds; the screens then reload on
   * their next event, or on reconnecting.
   */
  invalidateCommitted(businessId: string, kinds: readonly LiveData[]): void {
    let merged = this.pending.get(businessId);
    if (!merged) this.pending.set(businessId, (merged = new Set()));
    for (const kind of kinds) merged.add(kind);
    this.sendTimer ??= setTimeout(() => void this.sendPending(), this.runtime.config.liveCoalesceMs);
  }

  /** Sends the pending invalidations, one NOTIFY a business, in one statement (after the previous send). */
  private sendPending(): Promise<void> {
    clearTimeout(this.sendTimer);
    this.sendTimer = undefined;
    if (this.pending.size === 0) return this.sending;
    const payloads = [...this.pending].map(([businessId, kinds]) => notifyOf({ businessId }, { event: 'invalidate', data: [...kinds] }).payload);
    this.pending.clear();
    this.sending = this.sending.then(() =>
      this.dataSource.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [LIVE_CHANNEL, payloads]).then(
        () => undefined,
        (error: Error) => this.logger.warn(`Could not send ${payloads.length} invalidation(s): ${error.message}`),
      ),
    );
    return this.sending;
  }

  private async listen(): Promise<void> {
    const client = await openListener(
      this.runtime.databaseUrl,
      'stockbook-live',
      LIVE_CHANNEL,
      (notification) => this.dispatch(notification),
      (lostClient, why) => this.lost(lostClient, why),
    );
    if (this.stopping) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
  }

  /** The listening connection dropped: listen again, then have every open screen reload what it may have missed. */
  private lost(client: Client, why: string): void {
    if (this.stopping || this.listener !== client) return;
    this.listener = undefined;
    client.end().catch(() => undefined);
    this.logger.warn(`Event listener lost its connection (${why}); reconnecting.`);
    this.scheduleListen(1);
  }

  /** Tries every RECONNECT_MS while the database is down (restarting), saying so once. */
  private scheduleListen(attempt: number): void {
    if (this.stopping) return;
    setTimeout(() => {
      if (this.stopping) return;
      this.listen().then(
        () => {
          if (this.stopping) return;
          if (attempt > 1) this.logger.log(`Event listener is listening again (after ${attempt} attempts).`);
          const everything: LiveEvent = { event: 'invalidate', data: LIVE_DATA };
          const frame = frameOf(everything);
          for (const subscriber of [...this.subscribers]) subscriber.deliver(everything, frame);
        },
        (error: Error) => {
          if (attempt === 1) this.logger.error(`Event listener could not reconnect: ${error.message}; retrying every ${RECONNECT_MS / 1000}s.`);
          this.scheduleListen(attempt + 1);
        },
      );
    }, RECONNECT_MS).unref();
  }

  /** The streams an event is for (a copy: a delivery may end its stream). */
  private targets(to: LiveTarget): LiveSubscriber[] {
    if ('userId' in to) return [...(this.byUser.get(to.userId) ?? [])];
    if ('sessionIds' in to) return to.sessionIds.flatMap((id) => [...(this.bySession.get(id) ?? [])]);
    return [...(this.byBusiness.get(to.businessId) ?? [])];
  }

  private dispatch(notification: Notification): void {
    if (notification.channel !== LIVE_CHANNEL || !notification.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(notification.payload) as Envelope;
    } catch {
      return;
    }
    const done = this.metrics.fanOutSeconds.startTimer();
    // Serialised once, then written to each stream it is for.
    const frame = frameOf(envelope.message);
    for (const subscriber of this.targets(envelope.to)) {
      try {
        subscriber.deliver(envelope.message, frame);
      } catch (error) {
        this.logger.warn(`Could not deliver an event: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    done();
  }
}
