import { registerRemotes } from '@module-federation/runtime';
import { RemotesManifestSchema, type RemoteName, type RemotesManifest } from '@stockbook/contracts';

let manifest: Promise<RemotesManifest> | undefined;

declare global {
  interface Window {
    /** /remotes.json's body, asked for from <head> by public/route-preload.js. */
    stockbookRemotes?: Promise<unknown>;
  }
}

/** The answer public/route-preload.js started, once (a retry asks anew). */
function takeEarlyManifest(): Promise<unknown> | undefined {
  const early = window.stockbookRemotes;
  window.stockbookRemotes = undefined;
  return early;
}

async function fetchManifest(): Promise<RemotesManifest> {
  const body =
    (await takeEarlyManifest()) ??
    (await fetch('/remotes.json', { credentials: 'same-origin' }).then((response) => {
      if (!response.ok) throw new Error(`The remotes manifest could not be loaded (status ${response.status}).`);
      return response.json() as Promise<unknown>;
    }));
  const parsed = RemotesManifestSchema.parse(body);
  registerRemotes(
    Object.entries(parsed.remotes).map(([name, remote]) => ({
      name,
      entry: new URL(remote.entry, window.location.origin).href,
      type: 'module',
    })),
  );
  return parsed;
}

/** Reads /remotes.json once and registers every remote it names with the federation runtime. */
export function loadRemotesManifest(): Promise<RemotesManifest> {
  manifest ??= fetchManifest().catch((error: unknown) => {
    manifest = undefined; // let a later attempt try again
    throw error;
  });
  return manifest;
}

/**
 * Registers a remote anew after a failed load, with a fresh entry URL, so the runtime and the
 * browser fetch it again instead of replaying the failure.
 */
export async function reRegisterRemote(name: RemoteName, attempt: number): Promise<void> {
  const current = await loadRemotesManifest();
  const entry = current.remotes[name]?.entry;
  if (!entry) throw new Error(`No remote named "${name}" in /remotes.json.`);
  const url = new URL(entry, window.location.origin);
  url.searchParams.set('attempt', String(attempt));
  registerRemotes([{ name, entry: url.href, type: 'module' }], { force: true });
}

const hinted = new Set<string>();

/** Whether the page links `href` as a hint already: public/route-preload.js hints a page's first screen from <head>. */
function linked(href: string): boolean {
  return Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]')).some((link) => link.href === href);
}

/**
 * Adds a <link> hint once per URL: modulepreload for scripts, preload for styles. A second link
 * for a URL fetches nothing more, but adding it still costs the page's main thread (about 8 ms
 * for a remote's files on a warm load).
 */
function hint(href: string): void {
  if (hinted.has(href)) return;
  hinted.add(href);
  if (linked(href)) return;
  const link = document.createElement('link');
  if (href.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  link.href = href;
  link.crossOrigin = 'anonymous';
  document.head.appendChild(link);
}

/**
 * Asks the browser for a remote's entry and every file one of its modules needs, all at once,
 * instead of the chain the imports would otherwise reveal one by one.
 */
export async function hintRemoteModule(name: RemoteName, module: string): Promise<void> {
  const remote = (await loadRemotesManifest()).remotes[name];
  if (!remote) return;
  hint(new URL(remote.entry, window.location.origin).href);
  for (const asset of remote.preload?.[module] ?? []) hint(new URL(asset, window.location.origin).href);
}
