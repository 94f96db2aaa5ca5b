import type { z } from 'zod';
import { ApiError, NetworkError } from './api-error';

export const API_BASE = '/api/v1/';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Public endpoints (the invoice page) are called without cookies. */
  credentials?: RequestCredentials;
  /** Extra request headers (e.g. a sale's `Idempotency-Key`). */
  headers?: Record<string, string>;
}

/**
 * Every failed call is announced on `window` as this event (detail: `ApiErrorEventDetail`), so
 * the shell's one error policy (section 8: 401, 429, 500, network) sees the calls of every
 * remote, whichever copy of this lib a remote bundles.
 */
export const API_ERROR_EVENT = 'stockbook:api-error';

export interface ApiErrorEventDetail {
  /** The path under /api/v1/, without the query. */
  readonly path: string;
  readonly error: ApiError | NetworkError;
}

function announce(path: string, method: string, error: ApiError | NetworkError): void {
  error.call = `${method} ${path.replace(/^\/+/, '')}`;
  error.at = new Date();
  if (typeof window === 'undefined') return;
  const detail: ApiErrorEventDetail = { path: path.replace(/^\/+/, ''), error };
  window.dispatchEvent(new CustomEvent(API_ERROR_EVENT, { detail }));
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, item));
    else params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

/** A call the page started from <head> before any of its code ran (the shell's public/route-preload.js). */
interface EarlyCall {
  /** performance.now() when it was asked. */
  readonly at: number;
  readonly response: Promise<Response>;
  /** Set once a successful answer's JSON has been read (from a clone: `response` stays unread). */
  read?: boolean;
  body?: unknown;
}

declare global {
  interface Window {
    stockbookEarlyCalls?: Record<string, EarlyCall | undefined>;
  }
}

/** How long an early answer may stand in for asking: the first screen takes it within seconds. */
export const EARLY_CALL_FRESH_MS = 10_000;

/** The early call for `url` if it is still fresh, and its removal (each is taken once). */
function takeFresh(url: string, answered: boolean): EarlyCall | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.stockbookEarlyCalls?.[url];
  if (!early || (answered && !early.read)) return undefined;
  window.stockbookEarlyCalls![url] = undefined;
  return performance.now() - early.at <= EARLY_CALL_FRESH_MS ? early : undefined;
}

/**
 * The answer to this exact GET that the page asked before its code ran, once: the first caller
 * takes it (a Response is read once), later ones ask the API. An old one is dropped rather than
 * shown as current.
 */
export function takeEarlyCall(url: string): Promise<Response> | undefined {
  return takeFresh(url, false)?.response;
}

/**
 * The body of an early call that has landed and been read already, once, with when it was asked
 * (performance.now()). A call still on its way, or one that failed, is left for takeEarlyCall.
 */
export function takeEarlyAnswer(url: string): { body: unknown; at: number } | undefined {
  const early = takeFresh(url, true);
  return early && { body: early.body, at: early.at };
}

/**
 * A GET query's fetching, for its query options: `queryFn` asks `path` (apiRequest) and gives
 * `pick` of the answer; `initialData` is the same taken from an early call that has landed and
 * been read already (parsed with the same schema), with the time it was asked as
 * `initialDataUpdatedAt`. So a screen whose first call the page asked from <head> renders its data
 * on its first render, instead of a loading state and a second render one task later. No such
 * answer: no initial data, and the query asks as before.
 */
export function apiQuery<T extends z.ZodType, D = z.infer<T>>(
  path: string,
  schema: T,
  query?: RequestOptions['query'],
  pick: (body: z.infer<T>) => D = (body) => body as D,
) {
  // TanStack builds a query's first state once, asking initialData and initialDataUpdatedAt in turn.
  let early: { data: D; updatedAt: number } | undefined;
  let asked = false;
  const takeOnce = () => {
    if (asked) return early;
    asked = true;
    const answer = takeEarlyAnswer(apiUrl(path, query));
    const parsed = answer && schema.safeParse(answer.body);
    if (answer && parsed?.success) early = { data: pick(parsed.data), updatedAt: Date.now() - (performance.now() - answer.at) };
    return early;
  };
  return {
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<D> => pick(await apiRequest(path, schema, { signal, query })),
    initialData: () => takeOnce()?.data,
    initialDataUpdatedAt: () => takeOnce()?.updatedAt,
  };
}

/**
 * Calls the API under /api/v1/ with cookies and JSON, and parses the answer with its contract
 * schema. Error answers become ApiError; an unreachable API becomes NetworkError. A plain GET the
 * page already asked from <head> (takeEarlyCall) is answered by that call.
 */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  schema: T,
  options: RequestOptions = {},
): Promise<z.infer<T>> {
  let response: Response;
  const url = apiUrl(path, options.query);
  const plainGet = (options.method ?? 'GET') === 'GET' && options.credentials === undefined && options.headers === undefined;
  try {
    response = await ((plainGet ? takeEarlyCall(url) : undefined) ?? fetch(url, {
      method: options.method ?? 'GET',
      credentials: options.credentials ?? 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const networkError = new NetworkError(error);
    announce(path, options.method ?? 'GET', networkError);
    throw networkError;
  }
  if (!response.ok) {
    const apiError = await ApiError.fromResponse(response);
    announce(path, options.method ?? 'GET', apiError);
    throw apiError;
  }
  const body: unknown = response.status === 204 ? undefined : await response.json();
  return schema.parse(body);
}
