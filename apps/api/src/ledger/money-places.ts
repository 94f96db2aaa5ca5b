import type { EntityManager } from 'typeorm';
import { locationsFor, restrictToScope, type ExpenseProblem } from '@stockbook/domain';
import type { PermissionAction } from '@stockbook/contracts';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import type { CheckedLocation } from '../auth/assert-can';

/**
 * What the money book's services (expenses, transactions, capital and withdrawals) share: the
 * location a request names (another business's is a 404 on `locationID`), the locations a list may
 * show, the default day of a dated list, and the money rules' refusals as API errors.
 */

export async function locationOf(manager: EntityManager, businessId: string, id: string): Promise<CheckedLocation> {
  const [row] = (await manager.query(`SELECT id, name FROM locations WHERE id = $1 AND business_id = $2`, [id, businessId])) as CheckedLocation[];
  if (!row) throw new AppError('NOT_FOUND', 'No such location in your business.', { locationID: ['No such location in your business.'] });
  return row;
}

/** The location ids a list may show for `action` (null: all of the business's), narrowed to `requested`. */
export function listScope(auth: AuthContext, action: PermissionAction, requested: readonly string[] | undefined): string[] | null {
  const scope = restrictToScope(locationsFor(auth.user, action), requested);
  return scope.all ? null : [...scope.ids];
}

/** A dated list's range: each bound as given, else today's (server day, UTC) 00:00:00.000 and 23:59:59.999 (section 9). */
export function datedRange(query: { startDate?: string; endDate?: string }): [string, string] {
  const now = new Date();
  const day = (h: number, m: number, s: number, ms: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m, s, ms)).toISOString();
  return [query.startDate ?? day(0, 0, 0, 0), query.endDate ?? day(23, 59, 59, 999)];
}

/** A refusal of the money rules as the API's error (status from MONEY_PROBLEM_STATUS), on its field when it has one. */
export function moneyRefusal(problem: ExpenseProblem): AppError {
  return new AppError(problem.code, problem.message, problem.field ? { [problem.field]: [problem.message] } : undefined);
}
