import { queryOptions } from '@tanstack/react-query';
import { HealthResponseSchema } from '@stockbook/contracts';
import { ApiError } from './api-error';
import { apiRequest } from './http';

export const systemKeys = {
  all: ['system'] as const,
  health: () => [...systemKeys.all, 'health'] as const,
};

/** The API's health; a 503 still carries the report, so it is returned, not thrown. */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: systemKeys.health(),
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest('health', HealthResponseSchema, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 503) {
          return { status: 'degraded' as const, version: 'unknown', uptimeSeconds: 0, database: { status: 'down' as const, embedded: false, error: error.message } };
        }
        throw error;
      }
    },
    retry: false,
  });
