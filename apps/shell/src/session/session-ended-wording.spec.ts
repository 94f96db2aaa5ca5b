import { sessionEndedWording } from './session-ended-wording';

describe('the signed-out dialog', () => {
  it('says the user signed in elsewhere when the session was invalidated', () => {
    expect(sessionEndedWording('invalidated', 'signed-in')).toEqual({
      title: 'Signed in elsewhere',
      text: expect.stringContaining('signed in on another browser or device'),
      canSignIn: true,
    });
  });

  it.each([
    ['password-reset', 'The password of your account was reset.'],
    ['password-changed', 'The password of your account was changed.'],
    ['signed-out', 'You signed out in another window.'],
    ['expired', 'Your session has ended.'],
    [null, 'Your session has ended.'],
  ])('says why an inactive session ended (%s)', (reason, why) => {
    const wording = sessionEndedWording('inactive', reason);
    expect(wording.title).toBe('You have been signed out');
    expect(wording.text).toBe(`${why} Sign in again to carry on.`);
    expect(wording.canSignIn).toBe(true);
  });

  it('does not invite a locked user to sign in again', () => {
    const wording = sessionEndedWording('inactive', 'locked');
    expect(wording.title).toBe('Your account is locked');
    expect(wording.text).toContain('An administrator has locked your account');
    expect(wording.text).not.toMatch(/sign in again/i);
    expect(wording.canSignIn).toBe(false);
  });
});
