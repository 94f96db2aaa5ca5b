import { PERMISSION_ACTIONS, PERMISSION_GROUPS, PermissionEntrySchema, presetOf, ROLE_PRESETS } from './permissions.contract';

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

describe('role presets', () => {
  it('grant only real actions, each once, and are told apart by their actions', () => {
    for (const preset of ROLE_PRESETS) {
      for (const action of preset.actions) expect(PERMISSION_ACTIONS).toContain(action);
      expect(new Set(preset.actions).size).toBe(preset.actions.length);
      expect(presetOf([...preset.actions].reverse())).toBe(preset);
    }
    expect(new Set(ROLE_PRESETS.map((preset) => [...preset.actions].sort().join())).size).toBe(ROLE_PRESETS.length);
  });

  it('names no preset for actions that are not exactly one', () => {
    const cashier = ROLE_PRESETS.find((preset) => preset.key === 'cashier')!;
    expect(presetOf([...cashier.actions, 'view:report'])).toBeUndefined();
    expect(presetOf(cashier.actions.slice(1))).toBeUndefined();
  });

  it('let each role see the locations it works at (view:location), and only the accountant read reports', () => {
    for (const preset of ROLE_PRESETS) expect(preset.actions).toContain('view:location');
    expect(ROLE_PRESETS.filter((preset) => preset.actions.includes('view:report')).map((preset) => preset.key)).toEqual(['accountant']);
  });
});
