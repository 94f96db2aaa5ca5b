import { COST_FIELDS } from '@stockbook/contracts';
import { canSeeCosts } from '@stockbook/domain';
import type { AuthContext } from '../auth/auth-context';
import type { JsonText } from '../common/json-text';

const COST_KEYS: ReadonlySet<string> = new Set(COST_FIELDS);

/** JSON.parse's reviver that leaves out every cost field, at any depth. */
const dropCosts = (key: string, value: unknown) => (COST_KEYS.has(key) ? undefined : value);

/**
 * The one place cost fields leave the API: items, variants, their location figures and batches as
 * `auth` may see them. A caller with `view:cost` (root users and user admins always) gets them as
 * they are; anyone else gets them without `cost`, `averageCost` and `stockValue` (COST_FIELDS), at
 * any depth. Every answer that carries items goes through here (the list, one item, the answer to
 * every item and batch write), so no controller strips them itself.
 */
export function costsAsSeen<T>(auth: AuthContext, value: T): T {
  if (canSeeCosts(auth.user)) return value;
  return JSON.parse(JSON.stringify(value), dropCosts) as T;
}

/** `costsAsSeen` for JSON text PostgreSQL wrote (the list): parsed and written again only when something must go. */
export function costsAsSeenJson<T>(auth: AuthContext, json: JsonText<T> | string): string {
  if (canSeeCosts(auth.user)) return json;
  return JSON.stringify(JSON.parse(json, dropCosts));
}
