import { parseInvalidate, sessionStateAfterLogout } from './live-events';

describe('live session events', () => {
  it("marks the session invalidated for 'signed-in' and inactive for any other reason", () => {
    expect(sessionStateAfterLogout('signed-in')).toBe('invalidated');
    for (const reason of ['locked', 'password-reset', 'password-changed', 'signed-out', 'expired', '', 'anything']) {
      expect(sessionStateAfterLogout(reason)).toBe('inactive');
    }
  });

  it('reads the kinds an invalidate event names, dropping unknown ones', () => {
    expect(parseInvalidate('["user","items"]')).toEqual(['user', 'items']);
    expect(parseInvalidate('["users","widgets",3]')).toEqual(['users']);
    expect(parseInvalidate('not json')).toEqual([]);
    expect(parseInvalidate('{"kinds":["user"]}')).toEqual([]);
  });
});
