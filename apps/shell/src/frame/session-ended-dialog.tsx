import { Button, Layout, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SessionState } from '@stockbook/shell-context';
import { Brand } from '../layouts/brand';
import { loginPathFor } from '../session/redirect';
import { sessionEndedWording } from '../session/session-ended-wording';
import { resetSession } from '../session/session-store';

/**
 * Shown when the session ended while the page was open (section 4): the user is signed out
 * here; the dialog says why and offers to sign in again, which resets the session (flags and
 * every cached datum) and comes back to this page afterwards. A locked user is not offered a
 * sign-in that would be refused.
 */
export function SessionEndedScreen({ state, reason }: { state: Exclude<SessionState, 'active'>; reason: string | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { title, text, canSignIn } = sessionEndedWording(state, reason);

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
        footer={
          canSignIn
            ? [
                <Button key="home" onClick={() => void leave('/')}>
                  Go to the home page
                </Button>,
                <Button key="sign-in" type="primary" autoFocus onClick={() => void leave(loginPathFor(location))}>
                  Sign in again
                </Button>,
              ]
            : [
                <Button key="home" type="primary" autoFocus onClick={() => void leave('/')}>
                  Go to the home page
                </Button>,
              ]
        }
      >
        <Typography.Paragraph>{text}</Typography.Paragraph>
      </Modal>
    </Layout>
  );
}
