import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '@stockbook/api-client';
import type { CurrentUser } from '@stockbook/contracts';
import { isAdministrator } from '@stockbook/domain';
import { useOptionalShellSession } from '@stockbook/shell-context';

/**
 * The signed-in user and whether they may do everything. Inside the shell's /x frame that is
 * the frame's session (null once it has ended); on the remote's own dev server, user/details.
 */
export function useCurrentUser(): { user: CurrentUser | undefined; isAdmin: boolean } {
  const session = useOptionalShellSession();
  const { data } = useQuery({ ...currentUserQueryOptions(), enabled: session === null });
  const user = session ? (session.user ?? undefined) : data;
  return { user, isAdmin: user ? isAdministrator(user) : false };
}
