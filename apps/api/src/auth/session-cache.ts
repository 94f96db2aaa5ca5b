import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Client } from 'pg';
import { openListener } from '../common/database/listener';
import { API_RUNTIME, type ApiRuntime } from '../runtime';

/** The channel PostgreSQL's triggers on sessions and users notify, with the user's id (migration 1765800000100). */
export const SESSION_CHANNEL = 'stockbook_sessions';
/** The longest a resolved session is served from memory, whatever is heard. */
const KEEP_MS = 10_000;
const RECONNECT_MS = 1_000;

interface Entry<T> {
  readonly value: T;
  readonly userId: string;
  readonly sessionId: string;
  readonly until: number;
}

/**
 * Resolved sessions kept in this process's memory for a few seconds, so a signed-in call does not
 * read its session and user from PostgreSQL every time (issue 25: that read was a round trip of
 * every sale, and with it the API reached about 70% of the same statements sent raw; without it
 * about 82%).
 *
 * Never older than what the database says for longer than a notification takes: every change of a
 * session's end or expiry and every change of a user (permissions, lock, password, names, removal)
 * is notified by a trigger when it commits, to every API process, which forgets that user's
 * sessions; this process also forgets them at once where it makes such a change itself. A read
 * that began before a change was heard is not kept (it may have read the row as it was), and
 * nothing is kept while the listening connection is down (a change could be missed): every call
 * then reads the database, as before. Even so an entry lives at most KEEP_MS.
 */
@Injectable()
export class SessionCache<T = unknown> implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('SessionCache');
  private readonly entries = new Map<string, Entry<T>>();
  private listener?: Client;
  private stopping = false;
  /** Moves with every change heard and every loss of the listener. */
  private epoch = 0;

  constructor(@Inject(API_RUNTIME) private readonly runtime: ApiRuntime) {}

  async onModuleInit(): Promise<void> {
    await this.listen().catch((error: Error) => {
      this.logger.warn(`Not listening for session changes (${error.message}); every call reads its session until it is.`);
      this.scheduleListen();
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  /** The kept value for `key`, if any and still fresh. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > Date.now() && this.listener) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Where a read of a session starts: `keep` keeps its result only if nothing changed since. */
  mark(): number {
    return this.epoch;
  }

  keep(key: string, value: T, owner: { userId: string; sessionId: string }, mark: number): void {
    if (mark !== this.epoch || !this.listener) return;
    this.entries.set(key, { value, ...owner, until: Date.now() + KEEP_MS });
  }

  /** Forgets every kept session of a user (their account or one of their sessions changed). */
  forgetUser(userId: string): void {
    this.epoch += 1;
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
  }

  forgetSession(sessionId: string): void {
    this.epoch += 1;
    for (const [key, entry] of this.entries) if (entry.sessionId === sessionId) this.entries.delete(key);
  }

  private forgetAll(): void {
    this.epoch += 1;
    this.entries.clear();
  }

  private async listen(): Promise<void> {
    const client = await openListener(
      this.runtime.databaseUrl,
      'stockbook-sessions',
      SESSION_CHANNEL,
      (notification) => {
        if (notification.payload) this.forgetUser(notification.payload);
      },
      (lostClient, why) => this.lost(lostClient, why),
    );
    if (this.stopping) {
      await client.end().catch(() => undefined);
      return;
    }
    this.forgetAll();
    this.listener = client;
  }

  private lost(client: Client, why: string): void {
    if (this.stopping || this.listener !== client) return;
    this.listener = undefined;
    this.forgetAll();
    client.end().catch(() => undefined);
    this.logger.warn(`Session change listener lost its connection (${why}); reconnecting.`);
    this.scheduleListen();
  }

  private scheduleListen(): void {
    if (this.stopping) return;
    setTimeout(() => {
      if (this.stopping) return;
      this.listen().catch(() => this.scheduleListen());
    }, RECONNECT_MS).unref();
  }
}
