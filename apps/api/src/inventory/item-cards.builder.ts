import { Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { rebuildItemCards, retireOtherFormats, staleItemCards } from './item-cards';

/** Cards built per round; a round takes a few milliseconds of PostgreSQL's time per 50. */
const ROUND = 200;
/** Pause between rounds while catching up, so requests keep most of the machine. */
const BETWEEN_ROUNDS_MS = 5;
/** How often an idle builder looks for stale cards. */
const IDLE_POLL_MS = 1000;
const AFTER_ERROR_MS = 5000;

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
   * Builds stale cards until none are left, or until a round stores none (its cards are held by
   * writers or changed while built: the next poll tries again, instead of spinning on them).
   * Returns how many were stored.
   */
  async catchUp(): Promise<number> {
    const manager = this.dataSource.manager;
    let stored = 0;
    while (!this.stopping) {
      const stale = await staleItemCards(manager, ROUND);
      if (!stale) break;
      const round = await rebuildItemCards(manager, stale.businessId, stale.ids);
      if (round === 0) break;
      stored += round;
      await this.pause(BETWEEN_ROUNDS_MS);
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
        await this.pause(IDLE_POLL_MS);
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
