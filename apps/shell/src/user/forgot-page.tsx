import { useState } from 'react';
import { Alert, Button, Form, Input, Tabs } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { accountApi } from '@stockbook/api-client';
import { EmailSchema, type MessageResponseBody, type RequestUsername } from '@stockbook/contracts';
import { AuthCard } from './auth-card';
import { showServerErrors, zodRule } from './form-support';

export const FORGOT_TABS = ['username', 'password'] as const;
export type ForgotTab = (typeof FORGOT_TABS)[number];

const REQUESTS: Record<ForgotTab, { intro: string; button: string; send: (body: RequestUsername) => Promise<MessageResponseBody> }> = {
  username: {
    intro: 'Enter the e-mail address of your account and we will e-mail you your username.',
    button: 'E-mail my username',
    send: accountApi.requestUsername,
  },
  password: {
    intro: 'Enter the e-mail address of your account and we will e-mail you a link to choose a new password. The link works once, for an hour.',
    button: 'E-mail me a reset link',
    send: accountApi.requestPasswordReset,
  },
};

/**
 * One request form. The answer is the server's message, the same whether or not the address
 * has an account, so nobody can learn which addresses are registered.
 */
function RequestForm({ tab }: { tab: ForgotTab }) {
  const [form] = Form.useForm<RequestUsername>();
  const [answer, setAnswer] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const request = REQUESTS[tab];

  const submit = async (values: RequestUsername) => {
    setBusy(true);
    setFailure(null);
    setAnswer(null);
    try {
      setAnswer((await request.send(values)).message);
    } catch (error) {
      setFailure(showServerErrors(form, error, ['email']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>{request.intro}</p>
      {answer ? <Alert className="sb-auth-alert" type="success" showIcon title={answer} /> : null}
      {failure ? <Alert className="sb-auth-alert" type="error" showIcon title={failure} /> : null}
      <Form form={form} layout="vertical" name={`forgot-${tab}`} onFinish={submit} requiredMark={false} disabled={busy}>
        <Form.Item label="E-mail" name="email" rules={[zodRule(EmailSchema)]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {request.button}
        </Button>
      </Form>
    </>
  );
}

/** /user/forgot/username and /user/forgot/password: one page, its tab in the URL. */
export function ForgotPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active: ForgotTab = pathname.replace(/\/+$/, '').endsWith('/password') ? 'password' : 'username';
  return (
    <AuthCard title="Forgotten your details?">
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(`/user/forgot/${key}`, { replace: true })}
        items={[
          { key: 'username', label: 'Username', children: <RequestForm tab="username" /> },
          { key: 'password', label: 'Password', children: <RequestForm tab="password" /> },
        ]}
      />
      <nav className="sb-auth-links" aria-label="Account help">
        <Link to="/user/login">Back to sign in</Link>
      </nav>
    </AuthCard>
  );
}

export { ForgotPage as Component };
