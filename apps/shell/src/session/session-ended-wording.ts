import type { SessionState } from '@stockbook/shell-context';

/** Why the session ended, in words for the dialog. */
export function sessionEndedWording(state: Exclude<SessionState, 'active'>, reason: string | null): { title: string; text: string } {
  if (state === 'invalidated') {
    return {
      title: 'Signed in elsewhere',
      text: 'Your account was signed in on another browser or device, so this session has ended. Sign in again to carry on here.',
    };
  }
  const why: Record<string, string> = {
    locked: 'An administrator has locked your account.',
    'password-reset': 'The password of your account was reset.',
    'password-changed': 'The password of your account was changed.',
    'signed-out': 'You signed out in another window.',
  };
  return {
    title: 'You have been signed out',
    text: `${why[reason ?? ''] ?? 'Your session has ended.'} Sign in again to carry on.`,
  };
}
