import { useEffect, useState } from 'react';
import { apiUrl } from '@stockbook/api-client';
import type { PublicInvoiceResponse } from '@stockbook/contracts';

/**
 * The public invoice page's one call, without TanStack Query or zod (they would double the page's
 * JavaScript): a plain fetch of GET public/invoice/{link}, without credentials and without retry
 * (specification, section 7).
 */

/** The link token of `/i/<id>`; undefined for `/i` and `/i/`. */
export function invoiceIdFrom(pathname: string): string | undefined {
  const rest = pathname.replace(/^\/i(\/|$)/, '').replace(/\/+$/, '');
  if (!rest) return undefined;
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}

/** The call public/public-invoice-prefetch.js started from <head> for this page's link, taken once. */
function prefetched(link: string): Promise<Response> | undefined {
  const started = (window as Window & { stockbookPublicInvoice?: { link: string; response: Promise<Response> } }).stockbookPublicInvoice;
  if (started?.link !== link) return undefined;
  delete (window as Window & { stockbookPublicInvoice?: unknown }).stockbookPublicInvoice;
  return started.response;
}

/** The answer, or an Error for any failure (a 404, a 5xx, no network, an answer of another shape). */
export async function fetchPublicInvoice(link: string, signal?: AbortSignal): Promise<PublicInvoiceResponse> {
  const response = await (prefetched(link) ??
    fetch(apiUrl(`public/invoice/${encodeURIComponent(link)}`), {
      credentials: 'omit',
      headers: { accept: 'application/json' },
      signal,
    }));
  if (!response.ok) throw new Error(`public/invoice answered ${response.status}`);
  const body = (await response.json()) as Partial<PublicInvoiceResponse> | null;
  if (!body?.success || typeof body.invoice !== 'object' || typeof body.business !== 'object') throw new Error('public/invoice: unexpected answer');
  return body as PublicInvoiceResponse;
}

export type PublicInvoiceState =
  | { state: 'no-id' }
  | { state: 'loading' }
  | { state: 'done'; answer: PublicInvoiceResponse }
  | { state: 'failed' };

/** Fetches the invoice once per id (an unmount aborts the call). */
export function usePublicInvoice(id: string | undefined): PublicInvoiceState {
  const [result, setResult] = useState<{ id: string; state: PublicInvoiceState }>();
  useEffect(() => {
    if (!id) return undefined;
    const controller = new AbortController();
    fetchPublicInvoice(id, controller.signal).then(
      (answer) => setResult({ id, state: { state: 'done', answer } }),
      () => {
        if (!controller.signal.aborted) setResult({ id, state: { state: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [id]);
  if (!id) return { state: 'no-id' };
  return result?.id === id ? result.state : { state: 'loading' };
}
