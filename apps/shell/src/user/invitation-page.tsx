import { useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { accountApi, NetworkError } from '@stockbook/api-client';
import { UsernameSchema } from '@stockbook/contracts';
import { LoadingIndicator } from '@stockbook/ui';
import { startSession } from '../session/session-actions';
import { AuthCard } from './auth-card';
import { showServerErrors, zodRule } from './form-support';
import { NewPasswordFields } from './new-password-fields';
import { useUsernameAvailability } from './username-availability';

interface Joining {
  username: string;
  password: string;
  confirm: string;
}

/** An invitation's link is checked once per page; it is nobody else's data and never cached for long. */
const invitationQueryOptions = (token: string) => ({
  queryKey: ['invitation', token] as const,
  queryFn: () => accountApi.verifyInvitation(token),
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 0,
  refetchOnWindowFocus: false,
});

function Unusable({ title }: { title: string }) {
  return (
    <Result
      status="warning"
      title={<h2 className="sb-result-title">{title}</h2>}
      subTitle="Invitation links work once, for 7 days. Ask whoever invited you to send it again. If you have joined already, sign in."
      extra={
        <Link to="/user/login" className="sb-button sb-button-primary">
          Sign in
        </Link>
      }
    />
  );
}

/**
 * /user/invitation?token=...: someone invited to a business chooses their own username and
 * password, and is signed in to it (issue 24, rule 3).
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useQuery({ ...invitationQueryOptions(token), enabled: token !== '' });
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Joining>();
  const checkUsername = useUsernameAvailability();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  const submit = async ({ username, password }: Joining) => {
    setBusy(true);
    setFailure(null);
    try {
      const { user } = await accountApi.acceptInvitation({ token, username, password });
      startSession(queryClient, user);
      // Not left to the guard: on this page it asks a signed-in visitor first (signed-in-notice.tsx).
      navigate('/x', { replace: true });
    } catch (error) {
      setFailure(showServerErrors(form, error, ['username', 'password']));
      setBusy(false);
    }
  };

  if (!token) return <AuthCard title="Join your team"><Unusable title="This invitation link is incomplete" /></AuthCard>;
  if (check.isPending) return <AuthCard title="Join your team"><LoadingIndicator label="Checking your invitation…" /></AuthCard>;
  if (check.isError) {
    return (
      <AuthCard title="Join your team">
        {check.error instanceof NetworkError ? <Alert type="error" showIcon title={check.error.message} /> : <Unusable title="This invitation is used or has expired" />}
      </AuthCard>
    );
  }
  const invited = check.data;
  return (
    <AuthCard title={`Join ${invited.businessName}`} intro={`Hello ${invited.firstName}, choose a username and a password for your Stockbook account.`}>
      <p>
        You will sign in as <strong data-testid="invited-email">{invited.email}</strong> or with your username.
      </p>
      {failure ? <Alert className="sb-auth-alert" type="error" showIcon title={failure} /> : null}
      <Form form={form} layout="vertical" name="accept-invitation" onFinish={submit} requiredMark={false} disabled={busy}>
        <Form.Item
          label="Username"
          name="username"
          hasFeedback
          validateDebounce={400}
          validateFirst
          rules={[zodRule(UsernameSchema), { validator: checkUsername }]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <NewPasswordFields label="Password" />
        <Button type="primary" htmlType="submit" block loading={busy}>
          Join {invited.businessName}
        </Button>
      </Form>
    </AuthCard>
  );
}

export { InvitationPage as Component };
