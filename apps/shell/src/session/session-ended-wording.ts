import type { SessionState } from '@stockbook/shell-context';

export interface SessionEndedWording {
  title: string;
  text: string;
  /** Whether signing in again can help: not while the account stays locked. */
  canSignIn: boolean;
}

/** Why the session ended, in words for the dialog. */
export function sessionEndedWording(state: Exclude<SessionState, 'active'>, reason: string | null): SessionEndedWording {
  if (state === 'invalidated') {
    return {
      title: 'Signed in elsewhere',
      text: 'Your account was signed in on another browser or device, so this session has ended. Sign in again to carry on here.',
      canSignIn: true,
    };
  }
  if (reason === 'locked') {
    return {
      title: 'Your account is locked',
      text: 'An administrator has locked your account, so you have been signed out. Ask the owner or a user admin of your business to unlock it; until then you cannot sign in.',
      canSignIn: false,
    };
  }
  const why: Record<string, string> = {
    'password-reset': 'The password of your account was reset.',
    'password-changed': 'The password of your account was changed.',
    'signed-out': 'You signed out in another window.',
  };
  return {
    title: 'You have been signed out',
    text: `${why[reason ?? ''] ?? 'Your session has ended.'} Sign in again to carry on.`,
    canSignIn: true,
  };
}
