import type { PermissionAction } from '@stockbook/contracts';
import { can, isAdministrator, refusalWords, scopeIncludes, visibleLocations, type PermissionHolder } from '@stockbook/domain';
import { AppError } from '../common/errors/app-error';

/** A location a check is about: its id decides, its name is shown only to those who may see it. */
export interface CheckedLocation {
  readonly id: string;
  readonly name: string;
}

/**
 * The one permission check: refuses (403) unless `caller` may do `action`, at `location` when
 * given; `'admin'` asks for a root user or user admin. The refusal names the location only when
 * the caller may see it, so a 403 never tells anyone of a place they cannot see.
 */
export function assertCan(caller: PermissionHolder, action: PermissionAction | 'admin', location?: CheckedLocation): void {
  if (action === 'admin') {
    if (!isAdministrator(caller)) throw AppError.forbidden('Only the business owner and user admins can do this.');
    return;
  }
  if (can(caller, action, location?.id)) return;
  if (!location) throw AppError.forbidden(refusalWords(action), action);
  const where = scopeIncludes(visibleLocations(caller), location.id) ? location.name : 'that location';
  throw AppError.forbidden(refusalWords(action, where), action);
}
