/**
 * The screens under /x: the name of each (for the document title, "Inventory · Stockbook") and
 * the heading its page shows, worked out from the path in this one place. The shell titles its
 * screens with it; the API and the shell draw the frame's placeholder with it (./frame-placeholder.ts).
 * The most specific path first; the screens below a section (an item's drawer) keep their
 * section's name.
 */
const SCREENS: ReadonlyArray<readonly [path: string, name: string, heading?: string]> = [
  ['/x/inventory/categories', 'Categories', 'Categories'],
  ['/x/inventory/attributes', 'Attributes', 'Attributes'],
  ['/x/inventory/suppliers', 'Suppliers', 'Suppliers'],
  ['/x/inventory', 'Inventory', 'Inventory'],
  ['/x/billing/sale', 'New sale', 'New sale'],
  ['/x/billing/invoices', 'Invoices', 'Invoices'],
  ['/x/billing/customers', 'Customers', 'Customers'],
  ['/x/billing/transfers', 'Transfers', 'Transfers'],
  ['/x/billing/expenses', 'Expenses', 'Expenses'],
  ['/x/billing/transactions', 'Transactions', 'Transactions'],
  ['/x/billing/reports', 'Reports', 'Profit and loss'],
  // /x/billing itself goes on to the first of its screens the user may open: no heading of its own.
  ['/x/billing', 'Billing'],
  ['/x/locations', 'Locations', 'Locations'],
  ['/x/activity', 'Activity', 'Activity'],
  ['/x/admin/business', 'Business profile', 'Business profile'],
  ['/x/admin', 'Users', 'Users'],
  ['/x/messages', 'Messages', 'Messages'],
  ['/x/profile', 'Profile', 'Your profile'],
  ['/x/view-redirect', 'Opening'],
  ['/x/no-permission', 'No permission'],
  ['/x/not-found', 'Page not found'],
];

export const PRODUCT_NAME = 'Stockbook';

interface Screen {
  name: string;
  /** The page's h1, when the path alone tells it. */
  heading?: string;
}

function screenOf(pathname: string): Screen {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/x') return { name: 'Dashboard', heading: 'Dashboard' };
  const found = SCREENS.find(([base]) => path === base || path.startsWith(`${base}/`));
  return found ? { name: found[1], heading: found[2] } : { name: 'Page not found' };
}

/** "Screen · Stockbook" for a path under /x; unknown paths are the not-found page's. */
export function screenTitle(pathname: string, allowed = true): string {
  return `${allowed ? screenOf(pathname).name : 'No permission'} · ${PRODUCT_NAME}`;
}

/** The heading of the page at a path under /x, when the path alone tells it. */
export function screenHeading(pathname: string): string | undefined {
  return screenOf(pathname).heading;
}
