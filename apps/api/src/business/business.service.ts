import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Business, UpdateBusinessRequest } from '@stockbook/contracts';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import { WritePath } from '../writes/write-path.service';
import { BusinessEntity } from './business.entity';
import { toBusiness } from './business.mapper';

const CHANGED_FIELDS: Record<keyof UpdateBusinessRequest, string> = {
  businessName: 'name',
  businessAddress: 'address',
  contactNumber: 'contact number',
  businessEmail: 'e-mail',
  currency: 'currency',
  inventoryValuationMethod: 'valuation method',
  printer: 'printer settings',
  notification: 'notification settings',
};

/** The caller's business: its profile, currency, valuation method, printer and notification settings. */
@Injectable()
export class BusinessService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: WritePath,
  ) {}

  async get(businessId: string): Promise<Business> {
    const business = await this.dataSource.getRepository(BusinessEntity).findOneBy({ id: businessId });
    if (!business) throw AppError.notFound('Your business no longer exists.');
    return toBusiness(business);
  }

  async update(auth: AuthContext, changes: UpdateBusinessRequest): Promise<Business> {
    const saved = await this.writes.write(auth, { entity: 'Business', changes: ['business'] }, async (manager) => {
      const repository = manager.getRepository(BusinessEntity);
      const business = await repository.findOne({ where: { id: auth.businessId }, lock: { mode: 'pessimistic_write' } });
      if (!business) throw AppError.notFound('Your business no longer exists.');
      const { printer, notification, ...fields } = changes;
      Object.assign(business, fields);
      if (printer) business.printer = { ...business.printer, ...printer };
      if (notification) business.notification = { ...business.notification, ...notification };
      const changed = (Object.keys(changes) as (keyof UpdateBusinessRequest)[]).map((key) => CHANGED_FIELDS[key]);
      return {
        value: await repository.save(business),
        action: 'Updated',
        description: changed.length ? `Updated the business ${changed.join(', ')}` : 'Saved the business profile unchanged',
      };
    });
    return toBusiness(saved);
  }
}
