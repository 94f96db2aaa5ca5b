import { z } from 'zod';
import { apiRequest, EARLY_CALL_FRESH_MS } from './http';

const Schema = z.object({ n: z.number() });
const answer = (n: number) => new Response(JSON.stringify({ n }), { status: 200, headers: { 'content-type': 'application/json' } });

describe('apiRequest and the calls started from <head>', () => {
  const asked: string[] = [];
  const realFetch = globalThis.fetch;
  let now = 0;

  beforeEach(() => {
    asked.length = 0;
    now = 0;
    globalThis.fetch = ((url: string) => {
      asked.push(url);
      return Promise.resolve(answer(2));
    }) as typeof fetch;
    jest.spyOn(performance, 'now').mockImplementation(() => now);
    Object.assign(globalThis, { window: { stockbookEarlyCalls: { '/api/v1/user/details': { at: 0, response: Promise.resolve(answer(1)) } } } });
  });

  afterEach(() => {
    globalThis.fetch = realFetch;
    jest.restoreAllMocks();
    delete (globalThis as { window?: unknown }).window;
  });

  it('answers the first plain GET of the same URL with the early call, and asks the API after', async () => {
    await expect(apiRequest('user/details', Schema)).resolves.toEqual({ n: 1 });
    expect(asked).toEqual([]);
    await expect(apiRequest('user/details', Schema)).resolves.toEqual({ n: 2 });
    expect(asked).toEqual(['/api/v1/user/details']);
  });

  it('asks the API when the early answer is old, or for another URL or method', async () => {
    await expect(apiRequest('user/details', Schema, { query: { page: 2 } })).resolves.toEqual({ n: 2 });
    await expect(apiRequest('user/details', Schema, { method: 'POST', body: {} })).resolves.toEqual({ n: 2 });
    now = EARLY_CALL_FRESH_MS + 1;
    await expect(apiRequest('user/details', Schema)).resolves.toEqual({ n: 2 });
    expect(asked).toEqual(['/api/v1/user/details?page=2', '/api/v1/user/details', '/api/v1/user/details']);
  });
});
