import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { invalidatedBy, type ActivityAction, type ActivityEntity, type LiveData } from '@stockbook/contracts';
import { ActivityService } from '../activity/activity.service';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import { withUniqueConflicts } from '../common/errors/unique-violation';
import { LiveEventsService } from '../live/live-events.service';

/** What one write did, for the activity log. */
export interface WriteRecord {
  readonly action: ActivityAction;
  readonly description: string;
  /** Where it happened; none for a change of the whole business. */
  readonly locationIds?: readonly string[];
}

/**
 * The work of a write: what it produced, and what it did for the log; or `unchanged` when the
 * request asked for what already was (then there is no entry and no event); or `recorded` when
 * the work wrote its activity entry itself, in its last statement (a sale: with the number only
 * that statement knows, saving a round trip while it holds the business's counter), so the write
 * path writes none but still sends the event.
 */
export type Written<T> =
  | (WriteRecord & { readonly value: T })
  | { readonly value: T; readonly unchanged: true }
  | { readonly value: T; readonly recorded: true };

export interface WriteOptions<T, R> {
  /** The activity log's entity of the change (Batch, Category, ...). */
  readonly entity: ActivityEntity;
  /** The kinds of data the write changes; what also shows them comes from the contracts' map. */
  readonly changes: readonly LiveData[];
  /** Run as a savepoint of this caller's transaction (an import row), not a transaction of its own. */
  readonly within?: EntityManager;
  /** Unique indexes a write can run into, and the error each means (a 409 naming the field). */
  readonly conflicts?: Readonly<Record<string, AppError>>;
  /** The answer, read back inside the transaction once the change, its entry and its event are in. */
  readonly readBack?: (manager: EntityManager, value: T) => Promise<R>;
  /**
   * The caller's Idempotency-Key and what it asked (issue 23, rule 5): the first answer is kept with
   * the write, in its transaction; a retry with the same key and request answers it again and
   * writes nothing; a concurrent one waits on the key's row; the key with another request is 409.
   */
  readonly idempotent?: { readonly key: string; readonly request: unknown };
  /**
   * Called once this write's own transaction committed a change: not for an answer replayed for
   * an Idempotency-Key, an unchanged write, or a write inside a caller's transaction (for counters
   * of things done, such as stockbook_refunds_total).
   */
  readonly committed?: () => void;
}

/** Signals that a concurrent request with the same Idempotency-Key committed first. */
class IdempotentReplay extends Error {}

/**
 * The one way a change is written: in a transaction, the work, its activity entry and the
 * `invalidate` event (a NOTIFY sent only if the transaction commits) naming every kind of data
 * the change shows in, then the answer read back. Services describe their change; they never
 * open a transaction, record activity or publish an event themselves, so none can forget a step.
 */
@Injectable()
export class WritePath {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly live: LiveEventsService,
  ) {}

  async write<T, R = T>(auth: AuthContext, options: WriteOptions<T, R>, work: (manager: EntityManager) => Promise<Written<T>>): Promise<R> {
    const idempotent = options.idempotent && !options.within ? { key: options.idempotent.key, hash: requestHash(options.entity, options.idempotent.request) } : null;
    if (idempotent) {
      const stored = await this.storedAnswer<R>(auth, idempotent.key, idempotent.hash);
      if (stored) return stored.answer;
    }
    const answer = async (manager: EntityManager, value: T): Promise<R> => {
      const result = options.readBack ? await options.readBack(manager, value) : (value as unknown as R);
      if (idempotent) {
        await manager.query(`UPDATE idempotency_keys SET status = 200, body = $4 WHERE business_id = $1 AND user_id = $2 AND key = $3`, [
          auth.businessId,
          auth.user.id,
          idempotent.key,
          // As text inside the jsonb, so a replay answers the same bytes (jsonb would reorder the keys).
          JSON.stringify({ answer: JSON.stringify(result) }),
        ]);
      }
      return result;
    };
    // Inside a caller's transaction the event goes with it (a NOTIFY in the entry's statement);
    // otherwise it is sent once this transaction has committed, with others (invalidateCommitted).
    const kinds = invalidatedBy(options.changes, true);
    let changed = false;
    const run = () =>
      (options.within ?? this.dataSource.manager).transaction(async (manager) => {
        changed = false;
        if (idempotent) {
          // Waits for a concurrent request holding the key; if that one committed, its answer is replayed.
          const claimed = (await manager.query(
            `INSERT INTO idempotency_keys (business_id, user_id, key, request_hash) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING key`,
            [auth.businessId, auth.user.id, idempotent.key, idempotent.hash],
          )) as unknown[];
          if (claimed.length === 0) throw new IdempotentReplay();
        }
        const written = await work(manager);
        if ('unchanged' in written) return answer(manager, written.value);
        changed = true;
        if ('recorded' in written) {
          if (options.within) await this.live.invalidate(auth.businessId, kinds, manager);
          return answer(manager, written.value);
        }
        await this.activity.record(
          {
            businessId: auth.businessId,
            userId: auth.user.id,
            action: written.action,
            entity: options.entity,
            description: written.description,
            locationIds: written.locationIds,
          },
          manager,
          options.within ? this.live.invalidation(auth.businessId, kinds) : undefined,
        );
        return answer(manager, written.value);
      });
    try {
      const result = await (options.conflicts ? withUniqueConflicts(run, options.conflicts) : run());
      if (changed && !options.within) {
        this.live.invalidateCommitted(auth.businessId, kinds);
        options.committed?.();
      }
      return result;
    } catch (error) {
      if (!(error instanceof IdempotentReplay) || !idempotent) throw error;
      const stored = await this.storedAnswer<R>(auth, idempotent.key, idempotent.hash);
      if (!stored) throw new AppError('CONFLICT', 'The same request is being made by another one with this Idempotency-Key; try again.');
      return stored.answer;
    }
  }

  /** The answer kept for a key, if the request it was kept for was this one; 409 when the key was used for another. */
  private async storedAnswer<R>(auth: AuthContext, key: string, hash: string): Promise<{ answer: R } | null> {
    const [row] = (await this.dataSource.query(`SELECT request_hash, body FROM idempotency_keys WHERE business_id = $1 AND user_id = $2 AND key = $3`, [
      auth.businessId,
      auth.user.id,
      key,
    ])) as { request_hash: string; body: { answer?: string } | null }[];
    if (!row) return null;
    if (row.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request. Use a new key for a new request.');
    return typeof row.body?.answer === 'string' ? { answer: JSON.parse(row.body.answer) as R } : null;
  }
}

/** What a key is kept for: the kind of write and its request, hashed. */
const requestHash = (entity: string, request: unknown) => createHash('sha256').update(JSON.stringify([entity, request])).digest('hex');
