import { useState } from 'react';
import { Alert, Button, Form, Result } from 'antd';
import { LoadingIndicator } from '@stockbook/ui';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { accountApi, NetworkError } from '@stockbook/api-client';
import { AuthCard } from './auth-card';
import { showServerErrors } from './form-support';
import { NewPasswordFields } from './new-password-fields';

interface NewPassword {
  password: string;
  confirm: string;
}

/** A reset link is checked once per page; it is nobody else's data and never cached for long. */
const resetTokenQueryOptions = (token: string) => ({
  queryKey: ['reset-token', token] as const,
  queryFn: () => accountApi.verifyResetToken(token),
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 0,
  refetchOnWindowFocus: false,
});

function AskAgain({ title, text }: { title: string; text: string }) {
  return (
    <Result
      status="warning"
      title={<h2 className="sb-result-title">{title}</h2>}
      subTitle={text}
      extra={
        <Link to="/user/forgot/password" className="sb-button sb-button-primary">
          Ask for a new link
        </Link>
      }
    />
  );
}

/** /user/reset-password?token=...: checks the link first, then sets a new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useQuery({ ...resetTokenQueryOptions(token), enabled: token !== '' });
  const [form] = Form.useForm<NewPassword>();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async ({ password }: NewPassword) => {
    setBusy(true);
    setFailure(null);
    try {
      await accountApi.resetPassword({ token, password });
      setDone(true);
    } catch (error) {
      setFailure(showServerErrors(form, error, ['password']));
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (!token) {
    body = <AskAgain title="This reset link is incomplete" text="Open the link from the e-mail again, or ask for a new one." />;
  } else if (check.isPending) {
    body = <LoadingIndicator label="Checking your reset link…" />;
  } else if (check.isError) {
    body =
      check.error instanceof NetworkError ? (
        <Alert type="error" showIcon title={check.error.message} />
      ) : (
        <AskAgain title="This reset link is invalid or has expired" text="Reset links work once, for an hour. Ask for a new one." />
      );
  } else if (done) {
    body = (
      <Result
        status="success"
        title={<h2 className="sb-result-title">Your password has been changed</h2>}
        subTitle="Sign in with your new password. Every other session of your account has been signed out."
        extra={
          <Link to="/user/login" className="sb-button sb-button-primary">
            Sign in
          </Link>
        }
      />
    );
  } else {
    body = (
      <>
        <p>
          Choose a new password for <strong data-testid="reset-username">{check.data.username}</strong>.
        </p>
        {failure ? <Alert className="sb-auth-alert" type="error" showIcon title={failure} /> : null}
        <Form form={form} layout="vertical" name="reset-password" onFinish={submit} requiredMark={false} disabled={busy}>
          <NewPasswordFields />
          <Button type="primary" htmlType="submit" block loading={busy}>
            Set new password
          </Button>
        </Form>
      </>
    );
  }

  return <AuthCard title="Choose a new password">{body}</AuthCard>;
}

export { ResetPasswordPage as Component };
