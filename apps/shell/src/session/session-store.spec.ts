import type { QueryClient } from '@tanstack/react-query';
import {
  getSessionSnapshot,
  markLeaving,
  markSessionInactive,
  markSessionInvalidated,
  resetSession,
  resetSessionStoreForTests,
  subscribeSession,
} from './session-store';

const fakeClient = () => {
  const clear = jest.fn();
  return { client: { clear } as unknown as QueryClient, clear };
};

describe('session flags (section 4)', () => {
  beforeEach(() => resetSessionStoreForTests());

  it('starts active', () => {
    expect(getSessionSnapshot()).toMatchObject({ state: 'active', reason: null, leaving: false });
  });

  it('marks invalidated or inactive with the reason, and tells subscribers', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeSession(listener);
    markSessionInvalidated('signed-in');
    expect(getSessionSnapshot()).toMatchObject({ state: 'invalidated', reason: 'signed-in' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    resetSessionStoreForTests();
    markSessionInactive('locked');
    expect(getSessionSnapshot()).toMatchObject({ state: 'inactive', reason: 'locked' });
  });

  it("drops the answers asked from <head> for the first session, so the next one's calls go to the API", () => {
    const early = { '/api/v1/user/details': { at: 0, response: Promise.resolve(new Response('{}')) } };
    Object.assign(globalThis, { window: { stockbookEarlyCalls: early } });
    try {
      resetSession(fakeClient().client);
      expect((globalThis as { window?: Window }).window?.stockbookEarlyCalls).toBeUndefined();
    } finally {
      delete (globalThis as { window?: unknown }).window;
    }
  });

  it('keeps the first ending: a later 401 does not reword a sign-in elsewhere', () => {
    markSessionInvalidated('signed-in');
    markSessionInactive('unauthenticated');
    expect(getSessionSnapshot()).toMatchObject({ state: 'invalidated', reason: 'signed-in' });
  });

  it('ignores endings while signing out on purpose', () => {
    markLeaving();
    markSessionInactive('signed-out');
    markSessionInvalidated('signed-in');
    expect(getSessionSnapshot().state).toBe('active');
  });

  it('a reset clears the flags and every cached datum', () => {
    const { client, clear } = fakeClient();
    markSessionInactive('locked');
    const before = getSessionSnapshot().generation;
    resetSession(client);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(getSessionSnapshot()).toMatchObject({ state: 'active', reason: null, leaving: false, generation: before + 1 });
  });
});
