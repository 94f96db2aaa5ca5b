import { z } from 'zod';
import { apiQuery, apiRequest, EARLY_CALL_FRESH_MS } from './http';

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

describe('apiQuery: an early answer already read is the query\'s initial data', () => {
  const realFetch = globalThis.fetch;
  const asked: string[] = [];
  const early = (body: unknown, read = true, at = 0) => ({ at, response: Promise.resolve(answer(1)), read, body });

  beforeEach(() => {
    asked.length = 0;
    globalThis.fetch = ((url: string) => {
      asked.push(url);
      return Promise.resolve(answer(2));
    }) as typeof fetch;
    jest.spyOn(performance, 'now').mockImplementation(() => 250);
    jest.spyOn(Date, 'now').mockImplementation(() => 1_000_000);
  });

  afterEach(() => {
    globalThis.fetch = realFetch;
    jest.restoreAllMocks();
    delete (globalThis as { window?: unknown }).window;
  });

  const setCalls = (calls: Record<string, unknown>) => Object.assign(globalThis, { window: { stockbookEarlyCalls: calls } });

  it('gives the picked, parsed body once, dated when it was asked, and the query asks the API after', async () => {
    setCalls({ '/api/v1/user/details?page=1': early({ n: 7 }, true, 50) });
    const options = apiQuery('user/details', Schema, { page: 1 }, (body) => body.n * 10);
    expect(options.initialData()).toBe(70);
    expect(options.initialDataUpdatedAt()).toBe(1_000_000 - 200);
    // The same query's options ask once; fresh options find the answer taken.
    expect(options.initialData()).toBe(70);
    expect(apiQuery('user/details', Schema, { page: 1 }).initialData()).toBeUndefined();
    await expect(options.queryFn({ signal: new AbortController().signal })).resolves.toBe(20);
    expect(asked).toEqual(['/api/v1/user/details?page=1']);
  });

  it('leaves an answer not read yet (still on its way, or a failure) to apiRequest', async () => {
    setCalls({ '/api/v1/user/details': early(undefined, false) });
    const options = apiQuery('user/details', Schema);
    expect(options.initialData()).toBeUndefined();
    expect(options.initialDataUpdatedAt()).toBeUndefined();
    await expect(options.queryFn({ signal: new AbortController().signal })).resolves.toEqual({ n: 1 });
    expect(asked).toEqual([]);
  });

  it('shows no body its schema refuses, nor an old one, nor one of another URL', () => {
    setCalls({ '/api/v1/user/details': early({ n: 'seven' }) });
    expect(apiQuery('user/details', Schema).initialData()).toBeUndefined();
    setCalls({ '/api/v1/user/details': early({ n: 7 }, true, 250 - EARLY_CALL_FRESH_MS - 1) });
    expect(apiQuery('user/details', Schema).initialData()).toBeUndefined();
    setCalls({ '/api/v1/user/details': early({ n: 7 }) });
    expect(apiQuery('user/details', Schema, { page: 2 }).initialData()).toBeUndefined();
    expect(apiQuery('user/details', Schema).initialData()).toEqual({ n: 7 });
  });
});
