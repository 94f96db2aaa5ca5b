import { Button, Layout, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SessionState } from '@stockbook/shell-context';
import { Brand } from '../layouts/brand';
import { loginPathFor } from '../session/redirect';
import { resetSession } from '../session/session-store';

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

/**
 * Shown when the session ended while the page was open (section 4): the user is signed out
 * here; the dialog says why and offers to sign in again, which resets the session (flags and
 * every cached datum) and comes back to this page afterwards.
 */
export function SessionEndedScreen({ state, reason }: { state: Exclude<SessionState, 'active'>; reason: string | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { title, text } = sessionEndedWording(state, reason);

  const leave = async (to: string) => {
    await navigate(to, { replace: true });
    resetSession(queryClient);
  };

  return (
    <Layout className="sb-x sb-x-ended" data-session-state={state}>
      <Layout.Header className="sb-x-header">
        <Brand to="/" />
      </Layout.Header>
      <Layout.Content className="sb-x-content" />
      <Modal
        open
        title={title}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={[
          <Button key="home" onClick={() => void leave('/')}>
            Go to the home page
          </Button>,
          <Button key="sign-in" type="primary" autoFocus onClick={() => void leave(loginPathFor(location))}>
            Sign in again
          </Button>,
        ]}
      >
        <Typography.Paragraph>{text}</Typography.Paragraph>
      </Modal>
    </Layout>
  );
}
