import { z } from 'zod';

/**
 * The kinds of cached data an `invalidate` event can name. Each is the first element of the
 * query keys of that kind on every front end, so one event reloads the shell's and every
 * remote's copies.
 */
export const LIVE_DATA = [
  'user',
  'users',
  'business',
  'locations',
  'messages',
  'activity',
  'items',
  'categories',
  'attributes',
  'suppliers',
  'customers',
  'invoices',
  'transfers',
  'expenses',
  'transactions',
  'reports',
  'taxRates',
] as const;
export type LiveData = (typeof LIVE_DATA)[number];
export const LiveDataSchema = z.enum(LIVE_DATA);

/**
 * What else shows a kind of data: when the key changes, the kinds listed also reload. Item rows
 * embed their categories' and attribute values' names; activity entries and messages embed
 * users' names. The write path (API) computes every `invalidate` from this one map, so no
 * service picks its own list.
 */
export const LIVE_DATA_SHOWN_IN: Readonly<Partial<Record<LiveData, readonly LiveData[]>>> = {
  categories: ['items'],
  attributes: ['items'],
  users: ['activity', 'messages'],
};

/**
 * The kinds an `invalidate` names after a write that changed `changed`: those, everything that
 * shows them (followed through the map), and `activity` when the write recorded an entry.
 */
export function invalidatedBy(changed: readonly LiveData[], recordsActivity: boolean): LiveData[] {
  const kinds = new Set<LiveData>();
  const visit = (kind: LiveData) => {
    if (kinds.has(kind)) return;
    kinds.add(kind);
    for (const shownIn of LIVE_DATA_SHOWN_IN[kind] ?? []) visit(shownIn);
  };
  changed.forEach(visit);
  if (recordsActivity) kinds.add('activity');
  return LIVE_DATA.filter((kind) => kinds.has(kind));
}

/** The `data` of an `invalidate` event: the kinds to reload, as JSON. */
export const InvalidatePayloadSchema = z.array(LiveDataSchema);

/**
 * The `data` of a `logout` event: why this session ended. `signed-in` (the user signed in
 * elsewhere) marks the session invalidated; anything else marks it inactive.
 */
export const LOGOUT_REASONS = ['signed-in', 'signed-out', 'locked', 'password-reset', 'password-changed', 'expired'] as const;
export type LogoutReason = (typeof LOGOUT_REASONS)[number];

/** Names of the server-sent events on user/sse. */
export const LiveEventName = { Invalidate: 'invalidate', Logout: 'logout' } as const;

/** The longest the stream stays silent: a comment line is sent at least this often. */
export const HEARTBEAT_SECONDS = 10;
