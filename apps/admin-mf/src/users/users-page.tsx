import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { locationsQueryOptions, usersQueryOptions } from '@stockbook/api-client';
import type { ManagedUser } from '@stockbook/contracts';
import { PermissionsEditor } from './permissions-editor';
import { UserFormModal } from './user-form-modal';
import { UsersTable } from './users-table';
import { useUserAdmin } from './use-user-admin';
import { useAddressAction } from '@stockbook/ui';
import { errorMessage, NotAllowed, Page, QueryState, shellAnnounces, useCurrentUser, useNotify } from '@stockbook/ui/antd';

type Dialog = { kind: 'create' } | { kind: 'edit'; user: ManagedUser } | { kind: 'permissions'; user: ManagedUser } | null;

/** Users of the business: add staff, edit them, lock and unlock them, set their permissions. */
export function UsersPage() {
  const { user: me, isAdmin } = useCurrentUser();
  // Only administrators load the users list (specification, section 6).
  const users = useQuery({ ...usersQueryOptions(), enabled: isAdmin });
  const locations = useQuery({ ...locationsQueryOptions(), enabled: isAdmin });
  const admin = useUserAdmin();
  const notify = useNotify();
  const [dialog, setDialog] = useState<Dialog>(null);
  // The command palette's Add a staff user opens the form (`?do=add-user`).
  useAddressAction(isAdmin ? { 'add-user': () => setDialog({ kind: 'create' }) } : {});

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

  const close = () => setDialog(null);

  return (
    <Page
      remote="admin"
      title="Users"
      extra={
        <Button type="primary" onClick={() => setDialog({ kind: 'create' })}>
          Add a staff user
        </Button>
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
