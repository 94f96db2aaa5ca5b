import { Divider, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi, accountKeys } from '@stockbook/api-client';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { YourRole } from './your-role';
import { Page, useCurrentUser, useNotify } from '@stockbook/ui/antd';

/** One's own role, profile and password. */
export function ProfilePage() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const update = useMutation({
    mutationFn: accountApi.updateProfile,
    onSuccess: ({ user: saved }) => {
      queryClient.setQueryData(accountKeys.currentUser(), saved);
    },
  });

  if (!user) return null;
  return (
    <Page remote="admin" title="Your profile">
      <YourRole user={user} />
      <Divider />
      <ProfileForm user={user} onSave={update.mutateAsync} onSaved={() => notify({ kind: 'success', title: 'Profile saved' })} />
      <Divider />
      <Typography.Title level={2}>Change password</Typography.Title>
      <PasswordForm onSave={update.mutateAsync} onSaved={() => notify({ kind: 'success', title: 'Password changed' })} />
    </Page>
  );
}
