import { ACTIVITY_ENTITIES } from '@stockbook/contracts';
import { resolveViewRedirect, VIEW_TARGETS } from './view-redirect';

const root = { rootUser: true, userAdmin: false, permissions: [] };
const itemViewer = { rootUser: false, userAdmin: false, permissions: [{ action: ['view:item'], locations: ['loc-1'] }] };

describe('view-redirect', () => {
  it.each([
    ['item', '/x/inventory/items/a1'],
    ['variant', '/x/inventory/items/a1'],
    ['Simple Item', '/x/inventory/items/a1'],
    ['Variant Item', '/x/inventory/items/a1'],
    ['category', '/x/inventory/categories/a1'],
    ['attribute', '/x/inventory/attributes/a1'],
    ['supplier', '/x/inventory/suppliers/a1'],
    ['customer', '/x/billing/customers/a1'],
    ['Invoice', '/x/billing/invoices/a1'],
    ['expense', '/x/billing/expenses/a1'],
    ['transfer', '/x/billing/transfers/a1'],
    ['transaction', '/x/billing/transactions/a1'],
    ['location', '/x/locations/a1'],
    ['user', '/x/admin/users/a1'],
    ['message', '/x/messages/a1'],
    ['Batch', '/x/inventory/batches/a1'],
    ['Capital', '/x/billing/transactions/a1'],
    ['Withdrawal', '/x/billing/transactions/a1'],
    ['Business', '/x/admin/business'],
    ['Location', '/x/locations/a1'],
    ['User', '/x/admin/users/a1'],
  ])('sends a %s link to %s', (type, to) => {
    expect(resolveViewRedirect(root, type, 'a1')).toEqual({ kind: 'go', to });
  });

  it.each(ACTIVITY_ENTITIES)('sends an activity entry about a %s to a screen', (entity) => {
    expect(resolveViewRedirect(root, entity, 'a1')).toMatchObject({ kind: 'go', to: expect.stringMatching(/^\/x\/[a-z]/) });
  });

  it('escapes the id into one path segment', () => {
    expect(resolveViewRedirect(root, 'item', '../admin')).toEqual({ kind: 'go', to: '/x/inventory/items/..%2Fadmin' });
  });

  it('sends unknown kinds and missing parts to not-found', () => {
    for (const [type, id] of [['widget', 'a1'], [null, 'a1'], ['item', null], ['item', '  '], ['toString', 'a1'], ['__proto__', 'a1']]) {
      expect(resolveViewRedirect(root, type, id)).toEqual({ kind: 'not-found' });
    }
  });

  it('sends what the user may not view to no-permission', () => {
    expect(resolveViewRedirect(itemViewer, 'item', 'a1')).toEqual({ kind: 'go', to: '/x/inventory/items/a1' });
    expect(resolveViewRedirect(itemViewer, 'invoice', 'a1')).toEqual({ kind: 'no-permission' });
    expect(resolveViewRedirect(itemViewer, 'user', 'a1')).toEqual({ kind: 'no-permission' });
    expect(resolveViewRedirect(itemViewer, 'message', 'a1')).toEqual({ kind: 'go', to: '/x/messages/a1' });
  });

  it('names a view permission for every kind but messages, users and the business settings', () => {
    for (const [kind, target] of Object.entries(VIEW_TARGETS)) {
      if (kind === 'message') expect(target.needs).toBeNull();
      else if (kind === 'user' || kind === 'business' || kind === 'tax rate') expect(target.needs).toBe('administrator');
      else expect(target.needs).toMatch(/^view:/);
    }
  });
});
