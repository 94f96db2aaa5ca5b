import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { CreateExpenseRequestSchema, Expense, PermissionAction } from '@stockbook/contracts';
import { expenseMovement, moneyShown, planExpenseCancel, planExpenseDelete, type ExpenseCategory } from '@stockbook/domain';
import { currencyOf } from '../business/business-records';
import { assertCan, type CheckedLocation } from '../auth/assert-can';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import { LedgerService } from '../ledger/ledger.service';
import { datedRange, listScope, locationOf, moneyRefusal } from '../ledger/money-places';
import { WritePath } from '../writes/write-path.service';

type Out<T extends z.ZodType> = z.output<T>;

interface ExpenseRow {
  id: string;
  location_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  amount: string;
  category: ExpenseCategory;
  description: string;
  date: Date;
  created_at: Date;
  updated_at: Date;
  cancelled_at: Date | null;
  deleted_at: Date | null;
  deleted_by: string | null;
}

const COLUMNS = `e.id, e.location_id, e.user_id, u.first_name, u.last_name, e.amount::text, e.category, e.description, e.date, e.created_at, e.updated_at,
  e.cancelled_at, e.deleted_at, e.deleted_by`;

/** What every expense write reloads (the locations list shows no balances). */
const CHANGES = ['expenses', 'transactions', 'reports'] as const;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const toExpense = (row: ExpenseRow): Expense => ({
  _id: row.id,
  amount: row.amount,
  category: row.category,
  description: row.description,
  date: row.date.toISOString(),
  locationID: row.location_id,
  user: { _id: row.user_id, firstName: row.first_name, lastName: row.last_name },
  cancelled: row.cancelled_at !== null,
  cancelledAt: iso(row.cancelled_at),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  deletedAt: iso(row.deleted_at),
  deletedBy: row.deleted_by,
});

/**
 * Expenses (issue 15, rule 3; contracts: expenses.contract.ts). Each write goes through WritePath
 * (the work, its activity entry, its `invalidate`); money moves only through LedgerService, by the
 * domain's movements: an Expense transaction of minus the amount, and at most one reversal
 * (`reverses_id` = the expense's transaction, unique in the database) when it is cancelled or
 * deleted. Locks: the expense row, then (in LedgerService) its location.
 */
@Injectable()
export class ExpensesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: WritePath,
    private readonly ledger: LedgerService,
  ) {}

  async get(auth: AuthContext, id: string): Promise<Expense> {
    const manager = this.dataSource.manager;
    const row = await this.row(manager, auth, id, false);
    assertCan(auth.user, 'view:expense', await locationOf(manager, auth.businessId, row.location_id));
    return toExpense(row);
  }

  /** Live (not deleted) expenses by date, newest first; cancelled ones included. */
  async dated(auth: AuthContext, query: { startDate?: string; endDate?: string; locations?: string[] }): Promise<Expense[]> {
    const scope = listScope(auth, 'view:expense', query.locations);
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM expenses e JOIN users u ON u.id = e.user_id
        WHERE e.business_id = $1 AND e.deleted_at IS NULL AND ($2::uuid[] IS NULL OR e.location_id = ANY($2::uuid[]))
          AND e.date >= $3::timestamptz AND e.date <= $4::timestamptz
        ORDER BY e.date DESC, e.created_at DESC, e.id`,
      [auth.businessId, scope, ...(await datedRange(this.dataSource.manager, auth.businessId, query))],
    )) as ExpenseRow[];
    return rows.map(toExpense);
  }

  create(auth: AuthContext, input: Out<typeof CreateExpenseRequestSchema>, idempotencyKey?: string): Promise<Expense> {
    const idempotent = idempotencyKey ? { key: idempotencyKey, request: input } : undefined;
    return this.writes.write(auth, { entity: 'Expense', changes: [...CHANGES], idempotent, readBack: (manager, id: string) => this.read(manager, auth, id) }, async (manager) => {
      const location = await locationOf(manager, auth.businessId, input.locationID);
      assertCan(auth.user, 'create:expense', location);
      const [{ id }] = (await manager.query(
        `INSERT INTO expenses (business_id, location_id, user_id, amount, category, description, date) VALUES ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now())) RETURNING id`,
        [auth.businessId, location.id, auth.user.id, input.amount, input.category, input.description, input.date ?? null],
      )) as { id: string }[];
      await this.ledger.post(manager, { businessId: auth.businessId, userId: auth.user.id, locationId: location.id, expenseId: id }, [expenseMovement(input.amount)]);
      const shown = moneyShown(input.amount, await currencyOf(manager, auth.businessId));
      return { value: id, action: 'Created', description: `Added an expense of ${shown} (${input.category}) at ${location.name}`, locationIds: [location.id] };
    });
  }

  /** Reverses its money; it stays listed, marked cancelled. */
  cancel(auth: AuthContext, id: string): Promise<Expense> {
    return this.change(auth, id, 'cancel:expense', 'Updated', async (manager, row, location, transactionId) => {
      const plan = planExpenseCancel({ amount: row.amount, transactionId, cancelledAt: row.cancelled_at, deletedAt: row.deleted_at });
      if (!plan.ok) throw moneyRefusal(plan.problem);
      await this.ledger.post(manager, { businessId: auth.businessId, userId: auth.user.id, locationId: location.id, expenseId: row.id }, [plan.movement]);
      await manager.query(`UPDATE expenses SET cancelled_at = now(), cancelled_by = $2, updated_at = now() WHERE id = $1`, [row.id, auth.user.id]);
      return `Cancelled the expense of ${row.amount} (${row.category}) at ${location.name}`;
    });
  }

  /** Takes it out of the lists, reversing its money unless a cancel already did. */
  delete(auth: AuthContext, id: string): Promise<Expense> {
    return this.change(auth, id, 'delete:expense', 'Deleted', async (manager, row, location, transactionId) => {
      const plan = planExpenseDelete({ amount: row.amount, transactionId, cancelledAt: row.cancelled_at, deletedAt: row.deleted_at });
      if (!plan.ok) throw moneyRefusal(plan.problem);
      if (plan.movement) await this.ledger.post(manager, { businessId: auth.businessId, userId: auth.user.id, locationId: location.id, expenseId: row.id }, [plan.movement]);
      await manager.query(`UPDATE expenses SET deleted_at = now(), deleted_by = $2, updated_at = now() WHERE id = $1`, [row.id, auth.user.id]);
      return `Deleted the expense of ${row.amount} (${row.category}) at ${location.name}`;
    });
  }

  /** A change of one expense: locked, checked at its location, written through WritePath, read back. */
  private change(
    auth: AuthContext,
    id: string,
    action: PermissionAction,
    activity: 'Updated' | 'Deleted',
    work: (manager: EntityManager, row: ExpenseRow, location: CheckedLocation, transactionId: string) => Promise<string>,
  ): Promise<Expense> {
    return this.writes.write(auth, { entity: 'Expense', changes: [...CHANGES], readBack: (manager, expenseId: string) => this.read(manager, auth, expenseId) }, async (manager) => {
      const row = await this.row(manager, auth, id, true);
      const location = await locationOf(manager, auth.businessId, row.location_id);
      assertCan(auth.user, action, location);
      const [transaction] = (await manager.query(`SELECT id FROM transactions WHERE expense_id = $1 AND reverses_id IS NULL ORDER BY created_at LIMIT 1`, [row.id])) as { id: string }[];
      const description = await work(manager, row, location, transaction!.id);
      return { value: row.id, action: activity, description, locationIds: [location.id] };
    });
  }

  private async read(manager: EntityManager, auth: AuthContext, id: string): Promise<Expense> {
    return toExpense(await this.row(manager, auth, id, false));
  }

  private async row(manager: EntityManager, auth: AuthContext, id: string, lock: boolean): Promise<ExpenseRow> {
    const [row] = (await manager.query(
      `SELECT ${COLUMNS} FROM expenses e JOIN users u ON u.id = e.user_id WHERE e.id = $1 AND e.business_id = $2 ${lock ? 'FOR UPDATE OF e' : ''}`,
      [id, auth.businessId],
    )) as ExpenseRow[];
    if (!row) throw AppError.notFound('No such expense in your business.');
    return row;
  }
}
