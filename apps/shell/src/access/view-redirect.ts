import { can, isAdministrator, type PermissionHolder } from '@stockbook/domain';

/**
 * Where `/x/view-redirect?type=<kind>&id=<id>` sends a link (activity entries, messages,
 * notifications): the one map from an entity kind to its screen and the permission to view it.
 * The section remotes own the paths below their section (`/x/inventory/items/:id`, ...). Every
 * kind the activity log names (ACTIVITY_ENTITIES) has a target, including screens still to land
 * (billing's invoices, customers, expenses, transfers, transactions): their remote owns the path.
 */
interface ViewTarget {
  /** The screen of one entity, under /x. */
  readonly path: (id: string) => string;
  /** Who may view it: an action (section 6), or administrators only. */
  readonly needs: string | 'administrator' | null;
}

const under = (base: string) => (id: string) => `${base}/${encodeURIComponent(id)}`;
/** A screen that is the same whichever id the link carries (there is one business). */
const at = (path: string) => () => path;

export const VIEW_TARGETS = {
  item: { path: under('/x/inventory/items'), needs: 'view:item' },
  variant: { path: under('/x/inventory/items'), needs: 'view:item' },
  category: { path: under('/x/inventory/categories'), needs: 'view:category' },
  attribute: { path: under('/x/inventory/attributes'), needs: 'view:attribute' },
  supplier: { path: under('/x/inventory/suppliers'), needs: 'view:supplier' },
  // A batch opens its item's screen: the inventory remote finds the item a batch belongs to.
  batch: { path: under('/x/inventory/batches'), needs: 'view:item' },
  customer: { path: under('/x/billing/customers'), needs: 'view:customer' },
  invoice: { path: under('/x/billing/invoices'), needs: 'view:invoice' },
  expense: { path: under('/x/billing/expenses'), needs: 'view:expense' },
  transfer: { path: under('/x/billing/transfers'), needs: 'view:transfer' },
  transaction: { path: under('/x/billing/transactions'), needs: 'view:transaction' },
  // Capital paid in and withdrawals are transactions of the ledger (section 1's admin area).
  capital: { path: under('/x/billing/transactions'), needs: 'view:transaction' },
  withdrawal: { path: under('/x/billing/transactions'), needs: 'view:transaction' },
  location: { path: under('/x/locations'), needs: 'view:location' },
  user: { path: under('/x/admin/users'), needs: 'administrator' },
  business: { path: at('/x/admin/business'), needs: 'administrator' },
  // Tax rates are set where the business's tax style is.
  'tax rate': { path: at('/x/admin/business'), needs: 'administrator' },
  // A till count is read on the location's transactions.
  'till count': { path: at('/x/billing/transactions'), needs: 'view:transaction' },
  message: { path: under('/x/messages'), needs: null },
} as const satisfies Record<string, ViewTarget>;

export type ViewKind = keyof typeof VIEW_TARGETS;

export type ViewRedirect =
  | { readonly kind: 'go'; readonly to: string }
  | { readonly kind: 'no-permission' }
  | { readonly kind: 'not-found' };

/** Accepts the activity log's entity names too ("Simple Item", "Variant Item", "Category"...). */
function normalizeKind(type: string): string {
  const lowered = type.trim().toLowerCase();
  if (lowered === 'simple item' || lowered === 'variant item') return lowered === 'simple item' ? 'item' : 'variant';
  return lowered;
}

/** Where a view-redirect link goes for this user: the entity's screen, no-permission, or not-found. */
export function resolveViewRedirect(user: PermissionHolder, type: string | null, id: string | null): ViewRedirect {
  if (!type || !id || !id.trim()) return { kind: 'not-found' };
  const kind = normalizeKind(type);
  if (!Object.hasOwn(VIEW_TARGETS, kind)) return { kind: 'not-found' };
  const target: ViewTarget = VIEW_TARGETS[kind as ViewKind];
  const allowed =
    target.needs === null ? true : target.needs === 'administrator' ? isAdministrator(user) : can(user, target.needs);
  return allowed ? { kind: 'go', to: target.path(id.trim()) } : { kind: 'no-permission' };
}
