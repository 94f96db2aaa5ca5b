import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi, accountKeys, currentUserQueryOptions } from '@stockbook/api-client';
import type { ManagedUserResponse } from '@stockbook/contracts';

/**
 * The user-admin calls. Each success reloads the users list and the activity log (every admin
 * action is logged); the server's SSE invalidation would too, a moment later.
 */
export function useUserAdmin() {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.users() }),
      queryClient.invalidateQueries({ queryKey: accountKeys.allActivity() }),
    ]);
  return {
    create: useMutation({ mutationFn: accountApi.createUser, onSuccess }),
    update: useMutation({
      mutationFn: accountApi.updateUser,
      onSuccess: async ({ user }: ManagedUserResponse) => {
        // An administrator editing themselves changes the signed-in user too.
        if (queryClient.getQueryData(currentUserQueryOptions().queryKey)?._id === user._id) {
          await queryClient.invalidateQueries({ queryKey: accountKeys.currentUser() });
        }
        await onSuccess();
      },
    }),
    lock: useMutation({ mutationFn: accountApi.lockUser, onSuccess }),
    setPermissions: useMutation({ mutationFn: accountApi.setPermissions, onSuccess }),
    // The invitations list sits under the users key, so `onSuccess` reloads it too.
    invite: useMutation({ mutationFn: accountApi.inviteStaff, onSuccess }),
    resendInvitation: useMutation({ mutationFn: accountApi.resendInvitation, onSuccess }),
    revokeInvitation: useMutation({ mutationFn: accountApi.revokeInvitation, onSuccess }),
  };
}
