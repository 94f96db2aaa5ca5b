import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '@stockbook/api-client';
import type { CurrentUser } from '@stockbook/contracts';
import { isAdministrator } from '@stockbook/domain';

/** The signed-in user (the shell's cached copy), and whether they may do everything. */
export function useCurrentUser(): { user: CurrentUser | undefined; isAdmin: boolean } {
  const { data: user } = useQuery(currentUserQueryOptions());
  return { user, isAdmin: user ? isAdministrator(user) : false };
}
