import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Business, UpdateBusinessRequest } from '@stockbook/contracts';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import { WritePath } from '../writes/write-path.service';
import { BusinessEntity } from './business.entity';
import { toBusiness } from './business.mapper';
import { moneyRecorded } from './money-recorded';

const CHANGED_FIELDS: Record<keyof UpdateBusinessRequest, string> = {
  businessName: 'name',
  businessAddress: 'address',
  contactNumber: 'contact number',
  businessEmail: 'e-mail',
  currency: 'currency',
  inventoryValuationMethod: 'valuation method',
  pricesIncludeTax: 'tax style',
  timeZone: 'time zone',
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
    return toBusiness(business, await moneyRecorded(this.dataSource.manager, businessId));
  }

  /** A test receipt was printed (the browser prints it): recorded, so the getting-started step is ticked from it. */
  async recordTestReceipt(auth: AuthContext): Promise<Business> {
    const saved = await this.writes.write(auth, { entity: 'Business', changes: ['business'] }, async (manager) => {
      const repository = manager.getRepository(BusinessEntity);
      const business = await repository.findOne({ where: { id: auth.businessId }, lock: { mode: 'pessimistic_write' } });
      if (!business) throw AppError.notFound('Your business no longer exists.');
      business.testReceiptPrintedAt = new Date();
      return { value: { business: await repository.save(business), locked: await moneyRecorded(manager, auth.businessId) }, action: 'Updated', description: 'Printed a test receipt' };
    });
    return toBusiness(saved.business, saved.locked);
  }

  async update(auth: AuthContext, changes: UpdateBusinessRequest): Promise<Business> {
    const saved = await this.writes.write(auth, { entity: 'Business', changes: ['business'] }, async (manager) => {
      const repository = manager.getRepository(BusinessEntity);
      const business = await repository.findOne({ where: { id: auth.businessId }, lock: { mode: 'pessimistic_write' } });
      if (!business) throw AppError.notFound('Your business no longer exists.');
      const locked = await moneyRecorded(manager, auth.businessId);
      if (changes.currency !== undefined && changes.currency !== business.currency && locked) {
        throw new AppError(
          'CURRENCY_LOCKED',
          `The currency stays ${business.currency}: amounts have already been recorded in it (batch costs or balances), and changing it would re-label every one of them.`,
          { currency: [`The currency cannot change once money has been recorded in ${business.currency}.`] },
        );
      }
      const { printer, notification, ...fields } = changes;
      Object.assign(business, fields);
      if (printer) business.printer = { ...business.printer, ...printer };
      if (notification) business.notification = { ...business.notification, ...notification };
      const changed = (Object.keys(changes) as (keyof UpdateBusinessRequest)[]).map((key) => CHANGED_FIELDS[key]);
      return {
        value: { business: await repository.save(business), locked },
        action: 'Updated',
        description: changed.length ? `Updated the business ${changed.join(', ')}` : 'Saved the business profile unchanged',
      };
    });
    return toBusiness(saved.business, saved.locked);
  }
}
