import { useRef } from 'react';
import { accountApi, ApiError } from '@stockbook/api-client';
import { UsernameSchema } from '@stockbook/contracts';

const TAKEN = 'This username is taken. Try another.';

/**
 * Asks verify-username whether a username is free (antd waits for typing to pause first:
 * `validateDebounce`). Answers are remembered; when the check cannot be made, the server's
 * answer on submit decides.
 */
export function useUsernameAvailability() {
  const answers = useRef(new Map<string, boolean>());
  return async (_rule: unknown, value: unknown) => {
    const username = typeof value === 'string' ? value.trim() : '';
    if (!UsernameSchema.safeParse(username).success) return; // the format rule speaks
    let available = answers.current.get(username.toLowerCase());
    if (available === undefined) {
      try {
        available = (await accountApi.verifyUsername(username)).available;
        answers.current.set(username.toLowerCase(), available);
      } catch (error) {
        if (error instanceof ApiError && error.fieldErrors?.username) throw new Error(error.fieldErrors.username[0]);
        return;
      }
    }
    if (!available) throw new Error(TAKEN);
  };
}
