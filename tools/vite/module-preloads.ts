import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { staticClosure } from './route-preload';

/** The file a remote's build writes beside its remoteEntry.js; the API adds it to /remotes.json. */
export const MODULE_PRELOADS_FILE = 'module-preloads.json';

/**
 * Writes module-preloads.json into a remote's build: for each listed source module (relative to
 * the app's root, e.g. `src/items/items-page.tsx`), the files (relative to the remote's base)
 * its chunk needs before it runs: itself and its static imports, transitively, and the styles
 * they import. The API adds them to /remotes.json beside each exposed module's files (from
 * mf-manifest.json), and apps/shell/public/route-preload.js hints those of the page being opened.
 *
 * List the modules an exposed module loads itself as it starts (the facade chunk remoteEntry.js
 * imports, the screen where a section opens): without their files hinted from <head>, a warm
 * /x/inventory asked for the items screen's 13 files only once the section's code had run, 80 ms
 * after the section's own.
 */
export function modulePreloads(modules: string[]): Plugin {
  return {
    name: 'stockbook-module-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const table: Record<string, string[]> = {};
      for (const module of modules) {
        const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${module}`));
        if (!chunk) throw new Error(`module preloads: no chunk is the entry of ${module} (is it still imported lazily?)`);
        const files = staticClosure(bundle, chunk);
        const styles = files.flatMap((file) => [...((bundle[file] as OutputChunk).viteMetadata?.importedCss ?? [])]);
        table[module] = [...files, ...new Set(styles)];
      }
      this.emitFile({ type: 'asset', fileName: MODULE_PRELOADS_FILE, source: `${JSON.stringify(table, null, 2)}\n` });
    },
  };
}
