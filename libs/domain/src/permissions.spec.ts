import {
  can,
  canSeeCosts,
  isAdministrator,
  locationsFor,
  restrictToScope,
  scopeIncludes,
  toLocationList,
  visibleLocations,
  type PermissionHolder,
} from './permissions';

const staff = (...permissions: PermissionHolder['permissions']): PermissionHolder => ({
  rootUser: false,
  userAdmin: false,
  permissions,
});
const root: PermissionHolder = { rootUser: true, userAdmin: false, permissions: [] };
const admin: PermissionHolder = { rootUser: false, userAdmin: true, permissions: [] };

describe('section 6: root users and user admins may do everything', () => {
  it.each([
    ['a root user', root],
    ['a user admin', admin],
  ])('%s passes every check, at any location, with no entries', (_name, holder) => {
    expect(isAdministrator(holder)).toBe(true);
    expect(can(holder, 'view:item')).toBe(true);
    expect(can(holder, 'create:invoice', 'loc-9')).toBe(true);
    expect(locationsFor(holder, 'delete:batch')).toEqual({ all: true });
  });

  it('a staff user is not an administrator', () => {
    expect(isAdministrator(staff())).toBe(false);
  });
});

describe('section 6: others hold entries of actions and locations', () => {
  it('a staff user without entries may do nothing', () => {
    expect(can(staff(), 'view:item')).toBe(false);
    expect(can(staff(), 'view:item', 'loc-1')).toBe(false);
  });

  it('an entry grants only the actions it lists', () => {
    const user = staff({ action: ['view:item'], locations: ['loc-1'] });
    expect(can(user, 'view:item')).toBe(true);
    expect(can(user, 'create:item')).toBe(false);
    expect(can(user, 'view:item', 'loc-1')).toBe(true);
  });

  it('an empty location list means all locations', () => {
    const user = staff({ action: ['view:item'], locations: [] });
    expect(can(user, 'view:item', 'loc-1')).toBe(true);
    expect(can(user, 'view:item', 'any-other')).toBe(true);
    expect(locationsFor(user, 'view:item')).toEqual({ all: true });
  });

  it('an action checked with a location passes only if that location is listed', () => {
    const user = staff({ action: ['create:invoice'], locations: ['loc-1', 'loc-2'] });
    expect(can(user, 'create:invoice', 'loc-2')).toBe(true);
    expect(can(user, 'create:invoice', 'loc-3')).toBe(false);
  });

  it('entries add up: an action at one location from one entry, at another from a second', () => {
    const user = staff(
      { action: ['view:item'], locations: ['loc-1'] },
      { action: ['view:item', 'create:batch'], locations: ['loc-2'] },
    );
    expect(can(user, 'view:item', 'loc-1')).toBe(true);
    expect(can(user, 'view:item', 'loc-2')).toBe(true);
    expect(can(user, 'create:batch', 'loc-1')).toBe(false);
    expect(locationsFor(user, 'view:item')).toEqual({ all: false, ids: ['loc-1', 'loc-2'] });
    expect(locationsFor(user, 'create:batch')).toEqual({ all: false, ids: ['loc-2'] });
    expect(locationsFor(user, 'delete:item')).toEqual({ all: false, ids: [] });
  });
});

describe('section 6: the visible-location list', () => {
  it('is all locations (an empty list) for root and admin users', () => {
    expect(visibleLocations(root)).toEqual({ all: true });
    expect(visibleLocations(admin)).toEqual({ all: true });
    expect(toLocationList(visibleLocations(root))).toEqual([]);
  });

  it('is all locations for a view:location entry with no locations', () => {
    const user = staff({ action: ['view:location'], locations: [] }, { action: ['view:item'], locations: ['loc-1'] });
    expect(visibleLocations(user)).toEqual({ all: true });
  });

  it('is otherwise the union of the listed locations, without repeats', () => {
    const user = staff(
      { action: ['view:location'], locations: ['loc-1'] },
      { action: ['view:item'], locations: ['loc-2', 'loc-1'] },
    );
    expect(visibleLocations(user)).toEqual({ all: false, ids: ['loc-1', 'loc-2'] });
    expect(toLocationList(visibleLocations(user))).toEqual(['loc-1', 'loc-2']);
  });

  it('an empty location list on an entry other than view:location does not open every location', () => {
    const user = staff({ action: ['view:item'], locations: [] }, { action: ['view:location'], locations: ['loc-3'] });
    expect(visibleLocations(user)).toEqual({ all: false, ids: ['loc-3'] });
  });

  it('is no location at all for a staff user without entries (never "all" by accident)', () => {
    expect(visibleLocations(staff())).toEqual({ all: false, ids: [] });
    expect(scopeIncludes(visibleLocations(staff()), 'loc-1')).toBe(false);
  });
});

describe('location filters', () => {
  it('a requested filter is narrowed to what the scope allows', () => {
    expect(restrictToScope({ all: false, ids: ['a', 'b'] }, ['b', 'c'])).toEqual({ all: false, ids: ['b'] });
    expect(restrictToScope({ all: true }, ['c'])).toEqual({ all: false, ids: ['c'] });
  });

  it('no filter keeps the scope', () => {
    expect(restrictToScope({ all: false, ids: ['a'] }, undefined)).toEqual({ all: false, ids: ['a'] });
    expect(restrictToScope({ all: true }, [])).toEqual({ all: true });
  });
});

describe('seeing costs', () => {
  it('root users and user admins always see costs; staff only with view:cost, at any of their locations', () => {
    expect(canSeeCosts(root)).toBe(true);
    expect(canSeeCosts(admin)).toBe(true);
    expect(canSeeCosts(staff({ action: ['view:item', 'create:batch'], locations: [] }))).toBe(false);
    expect(canSeeCosts(staff({ action: ['view:item', 'view:cost'], locations: ['loc-1'] }))).toBe(true);
    expect(canSeeCosts(staff({ action: ['view:cost'], locations: [] }))).toBe(true);
  });
});
