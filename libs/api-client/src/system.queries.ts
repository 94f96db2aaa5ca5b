import { queryOptions } from '@tanstack/react-query';
import { HealthResponseSchema } from '@stockbook/contracts';
import { apiUrl } from './http';
import { NetworkError } from './api-error';

export const systemKeys = {
  all: ['system'] as const,
  health: () => [...systemKeys.all, 'health'] as const,
};

/** The API's health report; a 503 still carries the report (database down), so it is read, not thrown. */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: systemKeys.health(),
    queryFn: async ({ signal }) => {
      let response: Response;
      try {
        response = await fetch(apiUrl('health'), { credentials: 'include', signal, headers: { accept: 'application/json' } });
      } catch (error) {
        throw new NetworkError(error);
      }
      return HealthResponseSchema.parse(await response.json());
    },
    retry: false,
  });
