import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { invalidatedBy, type ActivityAction, type ActivityEntity, type LiveData } from '@stockbook/contracts';
import { ActivityService } from '../activity/activity.service';
import type { AuthContext } from '../auth/auth-context';
import type { AppError } from '../common/errors/app-error';
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
 * The work of a write: what it produced, and what it did for the log, or `unchanged` when the
 * request asked for what already was (then there is no entry and no event).
 */
export type Written<T> = (WriteRecord & { readonly value: T }) | { readonly value: T; readonly unchanged: true };

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
}

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
    const answer = (manager: EntityManager, value: T): Promise<R> =>
      options.readBack ? options.readBack(manager, value) : Promise.resolve(value as unknown as R);
    const run = () =>
      (options.within ?? this.dataSource.manager).transaction(async (manager) => {
        const written = await work(manager);
        if ('unchanged' in written) return answer(manager, written.value);
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
        );
        await this.live.invalidate(auth.businessId, invalidatedBy(options.changes, true), manager);
        return answer(manager, written.value);
      });
    return options.conflicts ? withUniqueConflicts(run, options.conflicts) : run();
  }
}
