import { PERMISSION_ACTIONS, PERMISSION_GROUPS, PermissionEntrySchema } from './permissions.contract';

describe('permission actions', () => {
  it("include the specification's view actions", () => {
    for (const action of ['view:item', 'view:attribute', 'view:category', 'view:supplier', 'view:customer', 'view:location']) {
      expect(PERMISSION_ACTIONS).toContain(action);
    }
  });

  it('include view:cost among the items actions', () => {
    expect(PERMISSION_GROUPS.find((group) => group.kind === 'Items')?.actions).toContain('view:cost');
    expect(PermissionEntrySchema.safeParse({ action: ['view:cost'], locations: [] }).success).toBe(true);
  });

  it('are unique and shaped verb:kind', () => {
    expect(new Set(PERMISSION_ACTIONS).size).toBe(PERMISSION_ACTIONS.length);
    for (const action of PERMISSION_ACTIONS) expect(action).toMatch(/^[a-z]+:[a-z]+$/);
  });

  it('an entry refuses an unknown action and a location that is not an id', () => {
    const result = PermissionEntrySchema.safeParse({ action: ['view:item', 'fly:item'], locations: ['nowhere'] });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain('"fly:item" is not a permission action.');
    expect(messages).toContain('Each location must be a location id.');
  });
});
