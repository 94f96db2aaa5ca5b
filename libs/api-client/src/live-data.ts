import type { QueryClient } from '@tanstack/react-query';
import { LIVE_DATA, type LiveData } from '@stockbook/contracts';

/**
 * Reloads every cached copy of the named kinds: the one place an SSE `invalidate` event
 * becomes query invalidations (every key's first element is its kind).
 */
export function invalidateLiveData(queryClient: QueryClient, kinds: readonly LiveData[]): Promise<void[]> {
  return Promise.all(
    kinds.filter((kind) => (LIVE_DATA as readonly string[]).includes(kind)).map((kind) => queryClient.invalidateQueries({ queryKey: [kind] })),
  );
}
