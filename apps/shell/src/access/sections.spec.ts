import { canOpenSection, sectionOfPath, sidebarLinks, type Section } from './sections';

const staff = (...entries: Array<[string[], string[]]>) => ({
  rootUser: false,
  userAdmin: false,
  permissions: entries.map(([action, locations]) => ({ action, locations })),
});
const labels = (user: Parameters<typeof sidebarLinks>[0]) => sidebarLinks(user).map((link) => link.label);

describe('sidebar visibility', () => {
  it('shows root users and user admins every section', () => {
    const all = ['Dashboard', 'Inventory', 'Billing', 'Locations', 'Activity', 'Admin'];
    expect(labels({ rootUser: true, userAdmin: false, permissions: [] })).toEqual(all);
    expect(labels({ rootUser: false, userAdmin: true, permissions: [] })).toEqual(all);
  });

  it('shows staff with no permission only the dashboard', () => {
    expect(labels(staff())).toEqual(['Dashboard']);
  });

  it('shows Inventory for view:item, at one location or all', () => {
    expect(labels(staff([['view:item'], ['loc-1']]))).toEqual(['Dashboard', 'Inventory']);
    expect(labels(staff([['view:item'], []]))).toEqual(['Dashboard', 'Inventory']);
  });

  it.each(['view:invoice', 'view:customer', 'view:expense', 'view:transfer', 'view:transaction'])('shows Billing for %s', (action) => {
    expect(labels(staff([[action], ['loc-1']]))).toEqual(['Dashboard', 'Billing']);
  });

  it('shows Locations for view:location and Activity for view:activity', () => {
    expect(labels(staff([['view:location', 'view:activity'], []]))).toEqual(['Dashboard', 'Locations', 'Activity']);
  });

  it('never shows Admin to staff, whatever they hold', () => {
    const everything = staff([['view:item', 'view:invoice', 'view:location', 'view:activity', 'create:item'], []]);
    expect(canOpenSection(everything, 'admin')).toBe(false);
    expect(labels(everything)).not.toContain('Admin');
  });

  it('ignores actions that open no section', () => {
    expect(labels(staff([['view:category', 'view:supplier', 'create:item'], []]))).toEqual(['Dashboard']);
  });
});

describe('section of a path', () => {
  it.each<[string, Section | null]>([
    ['/x', 'dashboard'],
    ['/x/', 'dashboard'],
    ['/x/inventory', 'inventory'],
    ['/x/inventory/items/1', 'inventory'],
    ['/x/admin/users', 'admin'],
    ['/x/profile', null],
    ['/x/unknown', null],
  ])('%s is in %s', (path, section) => {
    expect(sectionOfPath(path)).toBe(section);
  });
});
