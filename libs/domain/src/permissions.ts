/**
 * Roles and permissions (specification, section 6), as pure rules the API enforces and the
 * front ends use only to hide what the API would refuse.
 */

/** One grant: these actions, at these locations (an empty list means every location). */
export interface PermissionEntry {
  readonly action: readonly string[];
  readonly locations: readonly string[];
}

export interface PermissionHolder {
  readonly rootUser: boolean;
  readonly userAdmin: boolean;
  readonly permissions: readonly PermissionEntry[];
}

/** Which locations someone may see: every one, or exactly these (possibly none). */
export type LocationScope = { readonly all: true } | { readonly all: false; readonly ids: readonly string[] };

export const VIEW_LOCATION_ACTION = 'view:location';
/** Seeing what stock cost: batch costs, average costs and stock value. */
export const VIEW_COST_ACTION = 'view:cost';

/** Root users and user admins may do everything. */
export function isAdministrator(holder: PermissionHolder): boolean {
  return holder.rootUser || holder.userAdmin;
}

/**
 * Whether `holder` may perform `action`, at `locationId` when given. Administrators always may;
 * others need an entry holding the action whose locations are empty (all) or list `locationId`.
 * Without a location, any entry holding the action is enough.
 */
export function can(holder: PermissionHolder, action: string, locationId?: string): boolean {
  if (isAdministrator(holder)) return true;
  return holder.permissions.some(
    (entry) =>
      entry.action.includes(action) &&
      (locationId === undefined || entry.locations.length === 0 || entry.locations.includes(locationId)),
  );
}

/**
 * Whether `holder` may see what stock cost (batch costs, average costs, stock value): root users
 * and user admins always; others when any of their entries holds `view:cost`, at whatever
 * locations (costs are the business's, not a location's). Without it the API leaves cost fields
 * out of every answer and the screens hide them.
 */
export function canSeeCosts(holder: PermissionHolder): boolean {
  return can(holder, VIEW_COST_ACTION);
}

/**
 * The locations at which `holder` may perform `action`: all, or the union of the locations of
 * the entries that hold it (none when no entry does).
 */
export function locationsFor(holder: PermissionHolder, action: string): LocationScope {
  if (isAdministrator(holder)) return { all: true };
  const entries = holder.permissions.filter((entry) => entry.action.includes(action));
  if (entries.some((entry) => entry.locations.length === 0)) return { all: true };
  return { all: false, ids: unique(entries.flatMap((entry) => entry.locations)) };
}

/**
 * The visible-location rule: every location for administrators, or for someone holding a
 * `view:location` entry with no locations; otherwise the union of the locations listed in their
 * entries. Someone with no listed location sees none (never "all" by accident).
 */
export function visibleLocations(holder: PermissionHolder): LocationScope {
  if (isAdministrator(holder)) return { all: true };
  const viewAll = holder.permissions.some(
    (entry) => entry.action.includes(VIEW_LOCATION_ACTION) && entry.locations.length === 0,
  );
  if (viewAll) return { all: true };
  return { all: false, ids: unique(holder.permissions.flatMap((entry) => entry.locations)) };
}

/** The specification's list form of a scope: an empty list means all locations. */
export function toLocationList(scope: LocationScope): string[] {
  return scope.all ? [] : [...scope.ids];
}

/** Whether a scope includes `locationId`. */
export function scopeIncludes(scope: LocationScope, locationId: string): boolean {
  return scope.all || scope.ids.includes(locationId);
}

/** Narrows a requested location filter to a scope: what the caller asked for and may see. */
export function restrictToScope(scope: LocationScope, requested: readonly string[] | undefined): LocationScope {
  if (!requested || requested.length === 0) return scope;
  return { all: false, ids: unique(requested.filter((id) => scopeIncludes(scope, id))) };
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

const ACTION_VERBS: Record<string, string> = {
  view: 'View',
  create: 'Create',
  update: 'Edit',
  delete: 'Delete',
  payment: 'Take payments on',
  price: 'Change prices on',
  discount: 'Give discounts on',
  refund: 'Refund',
  complete: 'Complete',
  cancel: 'Cancel',
  count: 'Count',
};

const ACTION_NOUNS: Record<string, string> = {
  item: 'items',
  // view:cost: batch costs, average costs and stock value, hidden from staff without it.
  cost: 'costs and stock value',
  batch: 'batches',
  category: 'categories',
  attribute: 'attributes',
  supplier: 'suppliers',
  customer: 'customers',
  location: 'locations',
  invoice: 'invoices',
  transfer: 'transfers',
  expense: 'expenses',
  transaction: 'transactions',
  report: 'reports',
  activity: 'the activity log',
  // count:till: count a location's cash (issue 22, rule 5).
  till: 'the till',
};

/** An action as people say it (`view:item`: "View items"), for the permission editor and every refusal. */
export function actionWords(action: string): string {
  const [verb = '', noun = ''] = action.split(':');
  return `${ACTION_VERBS[verb] ?? verb} ${ACTION_NOUNS[noun] ?? noun}`.trim();
}

/**
 * A refusal in plain words (issue 24, rule 3): "You can't view reports at Market Hall. Ask an
 * administrator for access." The action's code travels beside it (the API's `missingPermission`).
 */
export function refusalWords(action: string, where?: string): string {
  const words = actionWords(action);
  return `You can't ${words.charAt(0).toLowerCase()}${words.slice(1)}${where ? ` at ${where}` : ''}. Ask an administrator for access.`;
}
