import { useState } from 'react';
import { Button, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { CurrentUser } from '@stockbook/contracts';
import { signOut } from '../session/session-actions';
import { AuthCard } from './auth-card';

/**
 * Pages opened from an e-mail's link (an invitation, a password reset): the link may be for
 * another account than the one signed in on this browser, so a signed-in visitor is asked,
 * instead of being sent on to /x and never seeing the page.
 */
export const LINK_PAGES: readonly string[] = ['/user/invitation', '/user/reset-password'];

/** What a signed-in visitor sees on a link page: who they are, and the way on either side. */
export function SignedInNotice({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  return (
    <AuthCard
      title="You are signed in"
      intro={`You are signed in as ${user.firstName} ${user.lastName} (${user.username}). This link may be for another account: sign out first to use it here.`}
    >
      <Space wrap>
        <Button
          type="primary"
          loading={busy}
          onClick={() => {
            setBusy(true);
            // Signed out, this same page shows what the link is for.
            void signOut(queryClient);
          }}
        >
          Sign out and continue
        </Button>
        {/* A link (antd renders an <a> for href), of the button's size, moving inside the app. */}
        <Button
          href="/x"
          onClick={(event) => {
            event.preventDefault();
            navigate('/x');
          }}
        >
          Go to your dashboard
        </Button>
      </Space>
    </AuthCard>
  );
}
