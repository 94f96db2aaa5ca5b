import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { accountApi } from '@stockbook/api-client';
import { LoginRequestSchema, type LoginRequest } from '@stockbook/contracts';
import { startSession } from '../session/session-actions';
import { AuthCard } from './auth-card';
import { showServerErrors, zodRule } from './form-support';

const FIELDS = ['username', 'password'] as const;

/** /user/login: a username or e-mail and the password. Success goes where the visitor was going. */
export function LoginPage() {
  const [form] = Form.useForm<LoginRequest>();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keep = params.toString() ? `?${params}` : '';

  const submit = async (values: LoginRequest) => {
    setBusy(true);
    setFailure(null);
    try {
      const { user } = await accountApi.login(values);
      startSession(queryClient, user); // the guard sends the user on
    } catch (error) {
      setFailure(showServerErrors(form, error, FIELDS));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign in" intro="Welcome back. Sign in to your Stockbook account.">
      {failure ? <Alert className="sb-auth-alert" type="error" showIcon title={failure} /> : null}
      <Form form={form} layout="vertical" name="login" onFinish={submit} requiredMark={false} disabled={busy}>
        <Form.Item label="Username or e-mail" name="username" rules={[zodRule(LoginRequestSchema.shape.username)]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[zodRule(LoginRequestSchema.shape.password)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Sign in
        </Button>
      </Form>
      <nav className="sb-auth-links" aria-label="Account help">
        <Link to="/user/forgot/username">Forgot your username?</Link>
        <Link to="/user/forgot/password">Forgot your password?</Link>
        <Link to={`/user/registration${keep}`}>Create an account</Link>
      </nav>
    </AuthCard>
  );
}

export { LoginPage as Component };
