import { can, isAdministrator, type PermissionHolder } from '@stockbook/domain';
import { sidebarLinks } from '../access/sections';
import type { PaletteLink } from '../layouts/site-links';

/** Screens below the sections, each with who may open it (the remotes' own tabs). */
const SUB_SCREENS: ReadonlyArray<PaletteLink & { allowed(user: PermissionHolder): boolean }> = [
  { label: 'Inventory: Categories', to: '/x/inventory/categories', allowed: (user) => can(user, 'view:category') },
  { label: 'Inventory: Attributes', to: '/x/inventory/attributes', allowed: (user) => can(user, 'view:attribute') },
  { label: 'Inventory: Suppliers', to: '/x/inventory/suppliers', allowed: (user) => can(user, 'view:supplier') },
  { label: 'Billing: Transfers', to: '/x/billing/transfers', keywords: ['stock', 'move'], allowed: (user) => can(user, 'view:transfer') },
  { label: 'Billing: Expenses', to: '/x/billing/expenses', keywords: ['costs', 'spending'], allowed: (user) => can(user, 'view:expense') },
  { label: 'Billing: Transactions', to: '/x/billing/transactions', keywords: ['ledger', 'balance', 'capital', 'withdrawal'], allowed: (user) => can(user, 'view:transaction') },
  { label: 'Billing: Profit and loss', to: '/x/billing/reports', keywords: ['report', 'profit', 'loss', 'revenue'], allowed: (user) => can(user, 'view:report') },
  { label: 'Admin: Users', to: '/x/admin', keywords: ['staff', 'permissions'], allowed: isAdministrator },
  { label: 'Admin: Business profile', to: '/x/admin/business', keywords: ['currency', 'settings'], allowed: isAdministrator },
];

/** What the command palette offers inside /x: the screens this user may open, their profile and messages. */
export function frameLinks(user: PermissionHolder): PaletteLink[] {
  return [
    ...sidebarLinks(user).map((link) => ({ label: link.label, to: link.to })),
    ...SUB_SCREENS.filter((screen) => screen.allowed(user)).map(({ label, to, keywords }) => ({ label, to, keywords })),
    { label: 'Messages', to: '/x/messages', keywords: ['inbox'] },
    { label: 'Your profile', to: '/x/profile', keywords: ['password', 'account'] },
  ];
}

/** What the palette's Actions do (issue 24): each opens its screen with its form open (`?do=`, libs/ui useAddressAction). */
const ACTIONS: ReadonlyArray<PaletteLink & { allowed(user: PermissionHolder): boolean }> = [
  { label: 'New sale', to: '/x/billing/sale', keywords: ['sell', 'invoice', 'till', 'checkout'], allowed: (user) => can(user, 'create:invoice') },
  { label: 'Print a test receipt', to: '/x/billing/sale?do=test-receipt', keywords: ['printer', 'receipt', 'test'], allowed: (user) => can(user, 'create:invoice') },
  { label: 'Add item', to: '/x/inventory?do=add-item', keywords: ['product', 'new item'], allowed: (user) => can(user, 'view:item') && can(user, 'create:item') },
  { label: 'Add stock', to: '/x/inventory?do=add-stock', keywords: ['batch', 'receive', 'restock', 'delivery'], allowed: (user) => can(user, 'view:item') && can(user, 'create:batch') },
  { label: 'Import CSV', to: '/x/inventory?do=import-items', keywords: ['upload', 'spreadsheet', 'items'], allowed: (user) => can(user, 'view:item') && can(user, 'create:item') },
  { label: 'New transfer', to: '/x/billing/transfers?do=new-transfer', keywords: ['move stock', 'send'], allowed: (user) => can(user, 'view:transfer') && can(user, 'create:transfer') },
  { label: 'Add expense', to: '/x/billing/expenses?do=add-expense', keywords: ['spend', 'cost', 'pay'], allowed: (user) => can(user, 'view:expense') && can(user, 'create:expense') },
  { label: 'Add customer', to: '/x/billing/customers?do=add-customer', keywords: ['client', 'new customer'], allowed: (user) => can(user, 'view:customer') && can(user, 'create:customer') },
  { label: 'Invite staff', to: '/x/admin?do=invite-user', keywords: ['invite', 'staff', 'employee', 'team', 'e-mail'], allowed: isAdministrator },
  { label: 'Add a staff user', to: '/x/admin?do=add-user', keywords: ['staff', 'employee', 'user', 'password'], allowed: isAdministrator },
];

/** The palette's Actions this user may take. */
export function frameActions(user: PermissionHolder): PaletteLink[] {
  return ACTIONS.filter((action) => action.allowed(user)).map(({ label, to, keywords }) => ({ label, to, keywords }));
}
