import { locationsFor, restrictToScope, type ExpenseProblem } from '@stockbook/domain';
import type { PermissionAction } from '@stockbook/contracts';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';

export { datedRange, locationOf } from '../business/business-records';

/**
 * What the money book's services (expenses, transactions, capital and withdrawals) share: the
 * location a request names (another business's is a 404 on `locationID`), the locations a list may
 * show, the default day of a dated list, and the money rules' refusals as API errors.
 */

/** The location ids a list may show for `action` (null: all of the business's), narrowed to `requested`. */
export function listScope(auth: AuthContext, action: PermissionAction, requested: readonly string[] | undefined): string[] | null {
  const scope = restrictToScope(locationsFor(auth.user, action), requested);
  return scope.all ? null : [...scope.ids];
}

/** A refusal of the money rules as the API's error (status from MONEY_PROBLEM_STATUS), on its field when it has one. */
export function moneyRefusal(problem: ExpenseProblem): AppError {
  return new AppError(problem.code, problem.message, problem.field ? { [problem.field]: [problem.message] } : undefined);
}
