import { Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { nextTransactionId, rebuildItemCards, retireOtherFormats, staleItemCards } from './item-cards';

/**
 * Cards built per round. A round's statement locks the cards it stores until it ends, and a sale
 * of one of those items waits for it: 50 cards of 200 batches take about 85 ms to build and store
 * (200 took about 400 ms, with a sale waiting up to the last 100 of them).
 */
const ROUND = 50;
/** The shortest pause between rounds while catching up. */
const BETWEEN_ROUNDS_MS = 5;
/** How often the builder looks for stale cards once caught up: what a poll finds is rebuilt in one go. */
const IDLE_POLL_MS = 1000;
const AFTER_ERROR_MS = 5000;
/**
 * While others write to the database, the builder rests after each round this many times as long
 * as the round took, so it never takes more than a quarter of one core, however fast sales make
 * cards stale. Without it, a sales load that staled cards faster than they were built kept the
 * builder busy without end, taking as much CPU as the machine let it (about 3 ms of PostgreSQL's
 * time per sale of 3 lines at a shop of 200 batches an item, a quarter of a sale's whole cost).
 * Resting, it finds more sales' changes in each round and rebuilds each card once for all of them;
 * a list that meets a stale card meanwhile builds it itself (item-cards.ts), so no one sees one
 * older than the data. With no other writer (a release's rebuild of every card at a quiet hour) it
 * goes on at once.
 */
const REST_PER_WORK = 3;

/**
 * How long the builder rests after a round of `workedMs` before the next one: at least `atLeastMs`,
 * and REST_PER_WORK times the round when others wrote meanwhile (`competing`).
 */
export const restAfter = (workedMs: number, { atLeastMs = BETWEEN_ROUNDS_MS, competing = true }: { atLeastMs?: number; competing?: boolean } = {}): number =>
  competing ? Math.max(atLeastMs, Math.round(workedMs * REST_PER_WORK)) : atLeastMs;

/**
 * Keeps item cards current in the background: after a change, or a new release of the card
 * builder, the list finds them built. Reads never depend on it (a stale card is rebuilt when
 * read); it only moves that work off the list's path. Several API processes may run it at once:
 * a card is stored only if still current and cards in a writer's hands are skipped.
 */
@Injectable()
export class ItemCardsBuilder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ItemCards');
  private stopping = false;
  private running?: Promise<void>;
  private readonly stop = new AbortController();
  /** The last round: how long it took, and whether others wrote meanwhile (see restAfter). */
  private lastRound = { workedMs: 0, competing: false };

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    this.running = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.stop.abort();
    await this.running;
  }

  /**
   * Builds the cards stale now, in rounds of up to ROUND (each business's in one statement), and
   * returns how many were stored. It stops once a round found fewer than ROUND (caught up: cards
   * that go stale meanwhile wait for the next poll, so a sales load's changes are rebuilt together
   * once a poll, not one sale at a time), or when a round stores none (its cards are held by
   * writers or changed while built: the next poll tries again, instead of spinning on them).
   */
  async catchUp(): Promise<number> {
    const manager = this.dataSource.manager;
    let stored = 0;
    let before: bigint | null = null;
    while (!this.stopping) {
      const started = performance.now();
      const stale = await staleItemCards(manager, ROUND);
      if (stale.count === 0) {
        // Nothing stale (the idle poll): one read-only statement, nothing to rest from.
        this.lastRound = { workedMs: 0, competing: false };
        break;
      }
      // Read after the stale cards (that statement takes no transaction id), before the rebuilds.
      before ??= await nextTransactionId(manager);
      let round = 0;
      for (const { businessId, ids } of stale.businesses) round += await rebuildItemCards(manager, businessId, ids);
      stored += round;
      const after = await nextTransactionId(manager);
      // Each rebuild statement may take one transaction id of its own (it locks and writes cards).
      this.lastRound = { workedMs: performance.now() - started, competing: after - before > BigInt(stale.businesses.length) };
      before = after;
      if (stale.count < ROUND || round === 0) break;
      await this.pause(restAfter(this.lastRound.workedMs, { competing: this.lastRound.competing }));
    }
    return stored;
  }

  private async run(): Promise<void> {
    try {
      const retired = await retireOtherFormats(this.dataSource.manager);
      if (retired > 0) this.logger.log(`${retired} item cards of an earlier release will be rebuilt.`);
    } catch (error) {
      if (!this.stopping) this.logger.warn(`Could not retire earlier item cards: ${(error as Error).message}`);
    }
    while (!this.stopping) {
      try {
        await this.catchUp();
        await this.pause(restAfter(this.lastRound.workedMs, { atLeastMs: IDLE_POLL_MS, competing: this.lastRound.competing }));
      } catch (error) {
        if (this.stopping) break;
        this.logger.warn(`Item cards: ${(error as Error).message}; trying again in ${AFTER_ERROR_MS / 1000} s.`);
        await this.pause(AFTER_ERROR_MS);
      }
    }
  }

  private pause(ms: number): Promise<void> {
    return sleep(ms, undefined, { signal: this.stop.signal }).catch(() => undefined);
  }
}
