import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@stockbook/api-client';

/** The one QueryClient of the page; remotes reach it through the shared react-query. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A client error will not heal by asking again.
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      },
    },
  });
}
