import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { LocationErrorCode, type CreateLocationRequest, type Location, type UpdateLocationRequest } from '@stockbook/contracts';
import { visibleLocations } from '@stockbook/domain';
import { assertCan } from '../auth/assert-can';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import { WritePath, type Written } from '../writes/write-path.service';
import { LocationEntity } from './location.entity';
import { toLocation } from './location.mapper';
import { assertTaxRate } from '../inventory/item-tax';

const NAME_TAKEN = new AppError(LocationErrorCode.LocationNameTaken, 'Another location already has that name.', {
  name: ['Another location already has that name.'],
});

/** The business's locations: listed within what the caller may see, created and edited with permission. */
@Injectable()
export class LocationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: WritePath,
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
    return this.write(auth, async (manager) => {
      const { taxRateID, ...fields } = input;
      await assertTaxRate(manager, auth.businessId, taxRateID);
      const location = await manager.save(manager.create(LocationEntity, { ...fields, taxRateId: taxRateID, businessId: auth.businessId }));
      return { value: location, action: 'Created', description: `Created location ${location.name}`, locationIds: [location.id] };
    });
  }

  async update(auth: AuthContext, id: string, changes: UpdateLocationRequest): Promise<Location> {
    return this.write(auth, async (manager) => {
      const location = await findInBusiness(manager, auth.businessId, id);
      assertCan(auth.user, 'update:location', location);
      const { taxRateID, ...fields } = changes;
      await assertTaxRate(manager, auth.businessId, taxRateID);
      Object.assign(location, fields, taxRateID === undefined ? {} : { taxRateId: taxRateID });
      const saved = await manager.save(location);
      return { value: saved, action: 'Updated', description: `Updated location ${saved.name}`, locationIds: [saved.id] };
    });
  }

  private async write(auth: AuthContext, work: (manager: EntityManager) => Promise<Written<LocationEntity>>): Promise<Location> {
    return toLocation(await this.writes.write(auth, { entity: 'Location', changes: ['locations'], conflicts: { uq_locations_business_name: NAME_TAKEN } }, work));
  }
}

/** A location of this business, or 404 (another business's id looks like no id at all). */
export async function findInBusiness(manager: EntityManager, businessId: string, id: string): Promise<LocationEntity> {
  const location = await manager.getRepository(LocationEntity).findOneBy({ id, businessId });
  if (!location) throw AppError.notFound('No such location in your business.');
  return location;
}
