import { frameActions, frameLinks } from './frame-links';

const labels = (user: Parameters<typeof frameLinks>[0]) => frameLinks(user).map((link) => link.label);

describe('the palette links inside /x', () => {
  it('offers an owner every screen', () => {
    expect(labels({ rootUser: true, userAdmin: false, permissions: [] })).toEqual([
      'Dashboard',
      'Inventory',
      'Billing',
      'Locations',
      'Activity',
      'Admin',
      'Inventory: Categories',
      'Inventory: Attributes',
      'Inventory: Suppliers',
      'Billing: Transfers',
      'Billing: Expenses',
      'Billing: Transactions',
      'Billing: Profit and loss',
      'Admin: Users',
      'Admin: Business profile',
      'Messages',
      'Your profile',
    ]);
  });

  it('offers staff only what they may open', () => {
    const staff = { rootUser: false, userAdmin: false, permissions: [{ action: ['view:item', 'view:supplier'], locations: ['l1'] }] };
    expect(labels(staff)).toEqual(['Dashboard', 'Inventory', 'Inventory: Suppliers', 'Messages', 'Your profile']);
  });

  it('offers each action by permission: Add stock with view:item and create:batch somewhere, not with create:item alone', () => {
    const actions = (permissions: { action: string[]; locations: string[] }[]) =>
      frameActions({ rootUser: false, userAdmin: false, permissions }).map((action) => action.label);
    expect(actions([{ action: ['view:item', 'create:batch'], locations: ['l1'] }])).toEqual(['Add stock']);
    expect(actions([{ action: ['view:item', 'create:item'], locations: [] }])).toEqual(['Add item', 'Import CSV']);
    expect(frameActions({ rootUser: true, userAdmin: false, permissions: [] }).map((action) => action.label)).toEqual([
      'New sale',
      'Print a test receipt',
      'Add item',
      'Add stock',
      'Import CSV',
      'New transfer',
      'Add expense',
      'Add customer',
      'Invite staff',
      'Add a staff user',
    ]);
  });
});
