import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { CreateLocationRequest, Location, UpdateLocationRequest } from '@stockbook/contracts';
import { can, visibleLocations } from '@stockbook/domain';
import { ActivityService } from '../activity/activity.service';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import { withUniqueConflicts } from '../common/errors/unique-violation';
import { LiveEventsService } from '../live/live-events.service';
import { LocationEntity } from './location.entity';
import { toLocation } from './location.mapper';

const NAME_TAKEN = new AppError('LOCATION_NAME_TAKEN', 'Another location already has that name.', 409, {
  name: ['Another location already has that name.'],
});

/** The business's locations: listed within what the caller may see, created and edited with permission. */
@Injectable()
export class LocationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly live: LiveEventsService,
  ) {}

  /** The caller's visible locations (section 6), only `ids` among them when given. */
  async list(auth: AuthContext, ids?: readonly string[]): Promise<Location[]> {
    const scope = visibleLocations(auth.user);
    let wanted = ids ? [...ids] : undefined;
    if (!scope.all) wanted = (wanted ?? [...scope.ids]).filter((id) => scope.ids.includes(id));
    const locations = await this.dataSource.getRepository(LocationEntity).find({
      where: { businessId: auth.businessId, ...(wanted ? { id: In(wanted) } : {}) },
      order: { createdAt: 'ASC', name: 'ASC' },
    });
    return locations.map(toLocation);
  }

  async create(auth: AuthContext, input: Required<CreateLocationRequest>): Promise<Location> {
    return this.write(async (manager) => {
      const location = await manager.save(manager.create(LocationEntity, { ...input, businessId: auth.businessId }));
      await this.recorded(auth, manager, 'Created', location, `Created location ${location.name}`);
      return location;
    });
  }

  async update(auth: AuthContext, id: string, changes: UpdateLocationRequest): Promise<Location> {
    return this.write(async (manager) => {
      const location = await findInBusiness(manager, auth.businessId, id);
      if (!can(auth.user, 'update:location', location.id)) {
        throw new AppError('FORBIDDEN', `You do not have the update:location permission at ${location.name}.`, 403);
      }
      Object.assign(location, changes);
      const saved = await manager.save(location);
      await this.recorded(auth, manager, 'Updated', saved, `Updated location ${saved.name}`);
      return saved;
    });
  }

  private async write(work: (manager: EntityManager) => Promise<LocationEntity>): Promise<Location> {
    return toLocation(await withUniqueConflicts(() => this.dataSource.transaction(work), { uq_locations_business_name: NAME_TAKEN }));
  }

  private async recorded(
    auth: AuthContext,
    manager: EntityManager,
    action: 'Created' | 'Updated',
    location: LocationEntity,
    description: string,
  ): Promise<void> {
    await this.activity.record(
      { businessId: auth.businessId, userId: auth.user.id, action, entity: 'Location', description, locationIds: [location.id] },
      manager,
    );
    await this.live.invalidate(auth.businessId, ['locations'], manager);
  }
}

/** A location of this business, or 404 (another business's id looks like no id at all). */
export async function findInBusiness(manager: EntityManager, businessId: string, id: string): Promise<LocationEntity> {
  const location = await manager.getRepository(LocationEntity).findOneBy({ id, businessId });
  if (!location) throw AppError.notFound('No such location in your business.');
  return location;
}
