import { ApiError, NetworkError } from '@stockbook/api-client';
import { createQueryClient, isRefusal } from './query-client';

/** An ApiError from another copy of the api-client (a remote's bundle): same shape, other class. */
class ForeignApiError extends Error {
  constructor(readonly status: number) {
    super('Not found');
    this.name = 'ApiError';
  }
}

describe('the shared QueryClient', () => {
  const retry = createQueryClient().getDefaultOptions().queries?.retry as (failures: number, error: unknown) => boolean;

  it('never retries a 4xx, whichever copy of the api-client threw it', () => {
    for (const error of [new ApiError(404, 'Not found'), new ApiError(403, 'No'), new ForeignApiError(404), new ForeignApiError(400)]) {
      expect(isRefusal(error)).toBe(true);
      expect(retry(0, error)).toBe(false);
    }
  });

  it('retries server and network failures twice', () => {
    for (const error of [new ApiError(500, 'Boom'), new ForeignApiError(503), new NetworkError(new TypeError('offline')), new Error('x')]) {
      expect(isRefusal(error)).toBe(false);
      expect(retry(0, error)).toBe(true);
      expect(retry(1, error)).toBe(true);
      expect(retry(2, error)).toBe(false);
    }
  });
});
