import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { TillCount, TillCountRequestSchema, TillCountResponse, TillResponse } from '@stockbook/contracts';
import { can, moneyShown, planTillCount, tillDifferenceShown } from '@stockbook/domain';
import { assertCan } from '../auth/assert-can';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import { currencyOf } from '../business/business-records';
import { WritePath } from '../writes/write-path.service';
import { LedgerService } from './ledger.service';
import { locationOf } from './money-places';

type Out<T extends z.ZodType> = z.output<T>;

interface CountRow {
  id: string;
  location_id: string;
  expected: string;
  counted: string;
  difference: string;
  note: string;
  transaction_id: string | null;
  user_id: string;
  first_name: string;
  last_name: string;
  created_at: Date;
}

const toCount = (row: CountRow): TillCount => ({
  _id: row.id,
  locationID: row.location_id,
  expected: row.expected,
  counted: row.counted,
  difference: row.difference,
  note: row.note,
  transactionID: row.transaction_id,
  user: { _id: row.user_id, firstName: row.first_name, lastName: row.last_name },
  createdAt: row.created_at.toISOString(),
});

const COUNTS = `SELECT c.id, c.location_id, c.expected::text, c.counted::text, c.difference::text, c.note, c.transaction_id, c.user_id, u.first_name, u.last_name, c.created_at
  FROM till_counts c JOIN users u ON u.id = c.user_id`;

/** The cash a location's till should hold: Σ its cash transactions (till.ts). */
async function expectedCash(manager: EntityManager, businessId: string, locationId: string): Promise<string> {
  const [row] = (await manager.query(
    `SELECT coalesce(sum(amount), 0)::text AS cash FROM transactions WHERE location_id = $2 AND business_id = $1 AND payment_method = 'Cash'`,
    [businessId, locationId],
  )) as { cash: string }[];
  return row!.cash;
}

/**
 * Till counts (contracts: till.contract.ts). A count is decided on the cash read under the
 * location's balance lock (LedgerService.lockBalances), so a sale committing meanwhile is either
 * in the expected cash or after the count, never half of each.
 */
@Injectable()
export class TillService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: WritePath,
    private readonly ledger: LedgerService,
  ) {}

  async read(auth: AuthContext, locationId: string): Promise<TillResponse> {
    const manager = this.dataSource.manager;
    const location = await locationOf(manager, auth.businessId, locationId);
    if (!can(auth.user, 'count:till', location.id)) assertCan(auth.user, 'view:transaction', location);
    const counts = (await manager.query(`${COUNTS} WHERE c.business_id = $1 AND c.location_id = $2 ORDER BY c.created_at DESC, c.id LIMIT 50`, [
      auth.businessId,
      location.id,
    ])) as CountRow[];
    return { locationID: location.id, expected: await expectedCash(manager, auth.businessId, location.id), counts: counts.map(toCount) };
  }

  async count(auth: AuthContext, input: Out<typeof TillCountRequestSchema>): Promise<TillCountResponse> {
    const id = await this.writes.write(auth, { entity: 'Till Count', changes: ['transactions', 'reports'] }, async (manager) => {
      const location = await locationOf(manager, auth.businessId, input.locationID);
      assertCan(auth.user, 'count:till', location);
      const currency = await currencyOf(manager, auth.businessId);
      await this.ledger.lockBalances(manager, auth.businessId, location.id);
      const plan = planTillCount(await expectedCash(manager, auth.businessId, location.id), input.counted);
      const posting = plan.movement
        ? await this.ledger.post(manager, { businessId: auth.businessId, userId: auth.user.id, locationId: location.id, description: input.note || 'Till count' }, [plan.movement])
        : null;
      const [row] = (await manager.query(
        `INSERT INTO till_counts (business_id, location_id, user_id, expected, counted, difference, note, transaction_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [auth.businessId, location.id, auth.user.id, plan.expected, plan.counted, plan.difference, input.note, posting?.ids[0] ?? null],
      )) as { id: string }[];
      return {
        value: row!.id,
        action: 'Added',
        description: `Counted ${moneyShown(plan.counted, currency)} in the till at ${location.name}: ${tillDifferenceShown(plan.difference, currency).toLowerCase()}`,
        locationIds: [location.id],
      };
    });
    const manager = this.dataSource.manager;
    const [row] = (await manager.query(`${COUNTS} WHERE c.id = $1 AND c.business_id = $2`, [id, auth.businessId])) as CountRow[];
    if (!row) throw AppError.notFound('No such till count.');
    return { count: toCount(row), expected: await expectedCash(manager, auth.businessId, row.location_id) };
  }
}
