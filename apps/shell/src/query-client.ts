import { QueryClient } from '@tanstack/react-query';

/**
 * Whether the API refused the request (a 4xx ApiError). Read from the error's shape, not its
 * class: each remote bundles its own copy of @stockbook/api-client, so an item screen's 404 is
 * not an `instanceof` the shell's ApiError.
 */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'ApiError') return false;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** The one QueryClient of the page; remotes reach it through the shared react-query. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A refusal will not heal by asking again: a missing item says so at once.
        retry: (failures, error) => !isRefusal(error) && failures < 2,
      },
    },
  });
}
