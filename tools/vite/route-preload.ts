import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** The id of the data block in index.html that apps/shell/public/route-preload.js reads. */
export const ROUTE_PRELOAD_ID = 'stockbook-route-preload';

/** Pages whose code the shell's HTML names, by path prefix: the lazy modules each one renders. */
export interface RoutePreloadEntry {
  /** `/x` covers /x and every path under it (only /x and /x/ when `exact`). */
  prefix: string;
  /** The page at `prefix` itself, not the pages under it: its key in the table is `=` and the prefix. */
  exact?: boolean;
  /** Source files (relative to the app's root, e.g. `src/frame/x-route.tsx`) or virtual ids. */
  modules: string[];
  /** Files the page adds itself (imported with `?url`), by the end of their source path, e.g. `antd/dist/antd.css`. */
  assets?: string[];
}

/** The files a chunk needs before it runs: itself and its static imports, transitively. */
export function staticClosure(bundle: OutputBundle, start: OutputChunk): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    const file = bundle[fileName];
    if (file?.type !== 'chunk') return;
    seen.add(fileName);
    file.imports.forEach(visit);
  };
  visit(start.fileName);
  return [...seen];
}

/**
 * Writes into the built index.html, as a JSON data block (not a script: the content security
 * policy admits no inline script), which chunks the lazy modules of each listed page need, so
 * public/route-preload.js can ask for them from <head>, while the shell's own code still
 * downloads, instead of once the router has started (on a cold /x/inventory the frame's chunks
 * were requested about 1 s after the page). The entry's own files are left out.
 */
export function routePreloads(entries: RoutePreloadEntry[]): Plugin {
  return {
    name: 'stockbook-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
        // The entry's own files load on every page anyway.
        const alwaysLoaded = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => staticClosure(bundle, c)));
        const table: Record<string, string[]> = {};
        const assets = Object.values(bundle).filter((file) => file.type === 'asset');
        for (const { prefix, exact = false, modules, assets: wanted = [] } of entries) {
          const files = new Set<string>();
          for (const module of modules) {
            const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(module));
            if (!chunk) throw new Error(`route preload: no chunk is the entry of ${module} (is it still imported lazily?)`);
            for (const file of staticClosure(bundle, chunk)) if (!alwaysLoaded.has(file)) files.add(`/${file}`);
          }
          for (const source of wanted) {
            const asset = assets.find((a) => a.originalFileNames.some((name) => name.replace(/\\/g, '/').endsWith(source)));
            if (!asset) throw new Error(`route preload: no file of the build comes from ${source} (is it still imported with ?url?)`);
            files.add(`/${asset.fileName}`);
          }
          table[exact ? `=${prefix}` : prefix] = [...files];
        }
        // `<` escaped so no file name can close the block.
        const json = JSON.stringify(table).replace(/</g, '\\u003c');
        return {
          html,
          tags: [{ tag: 'script', attrs: { type: 'application/json', id: ROUTE_PRELOAD_ID }, children: json, injectTo: 'head' }],
        };
      },
    },
  };
}
