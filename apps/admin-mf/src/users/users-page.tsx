import { Button, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { invitationsQueryOptions, locationsQueryOptions, usersQueryOptions } from '@stockbook/api-client';
import type { ManagedUser, StaffInvitation } from '@stockbook/contracts';
import { PermissionsEditor } from './permissions-editor';
import { InvitationsTable } from './invitations-table';
import { InviteFormModal } from './invite-form-modal';
import { UserFormModal } from './user-form-modal';
import { UsersTable } from './users-table';
import { useUserAdmin } from './use-user-admin';
import { useAddressAction } from '@stockbook/ui';
import { errorMessage, NotAllowed, Page, QueryState, shellAnnounces, useCurrentUser, useNotify } from '@stockbook/ui/antd';

type Dialog = { kind: 'invite' } | { kind: 'create' } | { kind: 'edit'; user: ManagedUser } | { kind: 'permissions'; user: ManagedUser } | null;

/** Users of the business: add staff, edit them, lock and unlock them, set their permissions. */
export function UsersPage() {
  const { user: me, isAdmin } = useCurrentUser();
  // Only administrators load the users list (specification, section 6).
  const users = useQuery({ ...usersQueryOptions(), enabled: isAdmin });
  const invitations = useQuery({ ...invitationsQueryOptions(), enabled: isAdmin });
  const locations = useQuery({ ...locationsQueryOptions(), enabled: isAdmin });
  const admin = useUserAdmin();
  const notify = useNotify();
  const [dialog, setDialog] = useState<Dialog>(null);
  // The command palette's Invite staff and Add a staff user open their forms (`?do=invite-user`, `?do=add-user`).
  useAddressAction(isAdmin ? { 'invite-user': () => setDialog({ kind: 'invite' }), 'add-user': () => setDialog({ kind: 'create' }) } : {});

  if (!me) return null;
  if (!isAdmin) {
    return (
      <Page remote="admin" title="Users">
        <NotAllowed>Only the owner and user admins manage users.</NotAllowed>
      </Page>
    );
  }

  function lock(user: ManagedUser, locked: boolean) {
    const name = `${user.firstName} ${user.lastName}`;
    admin.lock.mutate(
      { userId: user._id, locked },
      {
        onSuccess: () => notify({ kind: 'success', title: locked ? `${name} is locked` : `${name} is unlocked` }),
        onError: (error) => {
          if (!shellAnnounces(error)) notify({ kind: 'error', title: locked ? `Could not lock ${name}` : `Could not unlock ${name}`, description: errorMessage(error) });
        },
      },
    );
  }

  function invitationCall(invitation: StaffInvitation, revoke: boolean) {
    const name = `${invitation.firstName} ${invitation.lastName}`;
    const call = revoke ? admin.revokeInvitation : admin.resendInvitation;
    call.mutate(
      { invitationId: invitation._id },
      {
        onSuccess: () =>
          notify({
            kind: 'success',
            title: revoke ? `Invitation of ${name} revoked` : `Invitation of ${name} sent again`,
            description: revoke ? undefined : `A new link is on its way to ${invitation.email}; the old one no longer works.`,
          }),
        onError: (error) => {
          if (!shellAnnounces(error)) notify({ kind: 'error', title: revoke ? `Could not revoke the invitation of ${name}` : `Could not resend the invitation of ${name}`, description: errorMessage(error) });
        },
      },
    );
  }
  const invitationBusy = admin.resendInvitation.isPending
    ? (admin.resendInvitation.variables?.invitationId ?? null)
    : admin.revokeInvitation.isPending
      ? (admin.revokeInvitation.variables?.invitationId ?? null)
      : null;

  const close = () => setDialog(null);

  return (
    <Page
      remote="admin"
      title="Users"
      extra={
        <Space wrap>
          <Button type="primary" onClick={() => setDialog({ kind: 'invite' })}>
            Invite staff
          </Button>
          <Button onClick={() => setDialog({ kind: 'create' })}>Add a staff user</Button>
        </Space>
      }
    >
      <QueryState query={users} what="the users">
        {(list) => (
          <UsersTable
            users={list}
            locations={locations.data}
            meId={me._id}
            busyUserId={admin.lock.isPending ? (admin.lock.variables?.userId ?? null) : null}
            onEdit={(user) => setDialog({ kind: 'edit', user })}
            onPermissions={(user) => setDialog({ kind: 'permissions', user })}
            onLock={lock}
          />
        )}
      </QueryState>
      {invitations.data && invitations.data.length > 0 && (
        <section aria-labelledby="open-invitations" style={{ marginTop: 24 }}>
          <Typography.Title level={2} id="open-invitations" style={{ fontSize: 18 }}>
            Invitations not yet accepted
          </Typography.Title>
          <InvitationsTable
            invitations={invitations.data}
            locations={locations.data}
            busyId={invitationBusy}
            onResend={(invitation) => invitationCall(invitation, false)}
            onRevoke={(invitation) => invitationCall(invitation, true)}
          />
        </section>
      )}
      {dialog?.kind === 'invite' && (
        <InviteFormModal
          locations={locations.data ?? []}
          onCancel={close}
          onInvite={admin.invite.mutateAsync}
          onInvited={(invited) => {
            notify({
              kind: 'success',
              title: `${invited.firstName} ${invited.lastName} invited`,
              description: `We e-mailed ${invited.email} a link to join.`,
            });
            close();
          }}
        />
      )}
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <UserFormModal
          user={dialog.kind === 'edit' ? dialog.user : undefined}
          meId={me._id}
          locations={locations.data ?? []}
          onCancel={close}
          onCreate={admin.create.mutateAsync}
          onUpdate={admin.update.mutateAsync}
          onSaved={(saved) => {
            notify({
              kind: 'success',
              title: dialog.kind === 'create' ? `${saved.firstName} ${saved.lastName} can now sign in` : 'Changes saved',
            });
            close();
          }}
        />
      )}
      {dialog?.kind === 'permissions' && (
        <PermissionsEditor
          user={dialog.user}
          locations={locations.data ?? []}
          onCancel={close}
          onSave={admin.setPermissions.mutateAsync}
          onSaved={() => {
            notify({ kind: 'success', title: `Permissions of ${dialog.user.firstName} ${dialog.user.lastName} saved` });
            close();
          }}
        />
      )}
    </Page>
  );
}
