/**
 * The name of each screen under /x, for the document title ("Inventory · Stockbook"): the one
 * place it is worked out, from the path. The most specific path first; the remotes' screens
 * below a section (an item's drawer) keep their section's name.
 */
const SCREENS: ReadonlyArray<readonly [path: string, name: string]> = [
  ['/x/inventory/categories', 'Categories'],
  ['/x/inventory/attributes', 'Attributes'],
  ['/x/inventory/suppliers', 'Suppliers'],
  ['/x/inventory', 'Inventory'],
  ['/x/billing/sale', 'New sale'],
  ['/x/billing/invoices', 'Invoices'],
  ['/x/billing/customers', 'Customers'],
  ['/x/billing/transfers', 'Transfers'],
  ['/x/billing/expenses', 'Expenses'],
  ['/x/billing/transactions', 'Transactions'],
  ['/x/billing/reports', 'Reports'],
  ['/x/billing', 'Billing'],
  ['/x/locations', 'Locations'],
  ['/x/activity', 'Activity'],
  ['/x/admin/business', 'Business profile'],
  ['/x/admin', 'Users'],
  ['/x/messages', 'Messages'],
  ['/x/profile', 'Profile'],
  ['/x/view-redirect', 'Opening'],
  ['/x/no-permission', 'No permission'],
  ['/x/not-found', 'Page not found'],
];

export const PRODUCT_NAME = 'Stockbook';

/** "Screen · Stockbook" for a path under /x; unknown paths are the not-found page's. */
export function screenTitle(pathname: string, allowed = true): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  let name = 'Page not found';
  if (!allowed) name = 'No permission';
  else if (path === '/x') name = 'Dashboard';
  else name = SCREENS.find(([base]) => path === base || path.startsWith(`${base}/`))?.[1] ?? name;
  return `${name} · ${PRODUCT_NAME}`;
}
