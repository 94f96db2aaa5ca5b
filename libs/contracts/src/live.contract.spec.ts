import { invalidatedBy, LIVE_DATA, LIVE_DATA_SHOWN_IN } from './live.contract';

describe('invalidatedBy (the dependency map of live data)', () => {
  it('reloads items when categories or attributes change, since item rows show their names', () => {
    expect(invalidatedBy(['categories'], false)).toEqual(['items', 'categories']);
    expect(invalidatedBy(['attributes'], false)).toEqual(['items', 'attributes']);
  });

  it('reloads the activity log after every write that records an entry', () => {
    expect(invalidatedBy(['suppliers'], true)).toEqual(['activity', 'suppliers']);
    expect(invalidatedBy(['items'], false)).toEqual(['items']);
  });

  it('reloads what shows a user when users change, without repeating a kind', () => {
    expect(invalidatedBy(['users', 'activity'], true)).toEqual(['users', 'messages', 'activity']);
  });

  it('maps only known kinds, and never a kind to itself', () => {
    for (const [kind, shownIn] of Object.entries(LIVE_DATA_SHOWN_IN)) {
      expect(LIVE_DATA).toContain(kind);
      for (const other of shownIn ?? []) {
        expect(LIVE_DATA).toContain(other);
        expect(other).not.toBe(kind);
      }
    }
  });
});
