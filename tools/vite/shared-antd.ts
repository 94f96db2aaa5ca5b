import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { consumeShared, type Parse } from './shared-imports';

/**
 * One antd for the shell and every remote, loaded a component at a time.
 *
 * Module Federation's `shared` hands out a package as one module: antd shared that way is the
 * whole library (or the union of every app's components) on the first signed-in page, and a
 * remote that bundles its own antd gets a second theme, a second style cache and ~350 KiB more
 * (STACK.md trap 12). So antd is shared by component instead:
 *
 * - the shell's build (`provideSharedAntd`) publishes a loader per antd export (`Button`,
 *   `Table`, ... from antd's own index) on `globalThis[SHARED_ANTD_KEY]`; each component is a
 *   lazily imported chunk of the shell's single antd module graph, so there is one
 *   ConfigProvider context, one theme and one style cache;
 * - a remote's build (`consumeSharedAntd`) turns `import { Table, Input } from 'antd'` into
 *   `const { Table, Input } = await loadShared(['Table', 'Input'])` (top-level await), so a
 *   module's components arrive when that module is first loaded: a lazy screen or dialog brings
 *   its components with it, and a second remote reuses the chunks the first already fetched.
 *
 * Only `vite build` is rewritten: a remote's own dev server (and `npm run dev`) imports antd as
 * usual, so it still runs without the shell.
 */
export const SHARED_ANTD_KEY = '__STOCKBOOK_SHARED_ANTD__';

const PROVIDER_ID = 'virtual:stockbook-shared-antd-provider';
const LOADERS_ID = 'virtual:stockbook-shared-antd-loaders';
const resolved = (id: string) => `\0${id}`;

const require = createRequire(import.meta.url);

function antdPackage(): { dir: string; version: string } {
  const manifest = require.resolve('antd/package.json');
  return { dir: path.dirname(manifest), version: JSON.parse(readFileSync(manifest, 'utf8')).version };
}

/** `export { default as Button } from './button'` lines of antd's ES index: name -> folder. */
function antdExports(dir: string): Array<[name: string, folder: string]> {
  const index = readFileSync(path.join(dir, 'es/index.js'), 'utf8');
  const found = [...index.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)';/g)].map((m) => [m[1]!, m[2]!] as [string, string]);
  if (found.length < 40) throw new Error(`shared antd: expected antd's es/index.js to re-export its components (found ${found.length})`);
  return found;
}

/**
 * The shell's side: `import { sharedAntd } from 'virtual:stockbook-shared-antd-provider'`, a
 * small object whose `load(names)` fetches the loaders (a chunk of their own, so the public
 * pages do not carry them) and through them each component's chunk.
 */
export function provideSharedAntd(): Plugin {
  return {
    name: 'stockbook-shared-antd-provider',
    resolveId: (id) => (id === PROVIDER_ID || id === LOADERS_ID ? resolved(id) : null),
    load(id) {
      if (id === resolved(PROVIDER_ID)) {
        return `export const SHARED_ANTD_KEY = ${JSON.stringify(SHARED_ANTD_KEY)};
/** antd's exports, loaded by name: { version, load(names) -> { [name]: export } }. */
export const sharedAntd = {
  version: ${JSON.stringify(antdPackage().version)},
  load: (names) => import(${JSON.stringify(LOADERS_ID)}).then((loaders) => loaders.load(names)),
};
`;
      }
      if (id !== resolved(LOADERS_ID)) return null;
      const { dir, version } = antdPackage();
      const loaders = antdExports(dir).map(([name, folder]) => `  ${name}: () => import('antd/es/${folder}'),`);
      return `const loaders = {\n${loaders.join('\n')}\n};
const loading = new Map();
function one(name) {
  let component = loading.get(name);
  if (!component) {
    const loader = loaders[name];
    if (!loader) return Promise.reject(new Error('antd ${version} has no export named "' + name + '".'));
    component = loader().then((module) => module.default);
    component.catch(() => loading.delete(name)); // a failed chunk is fetched again next time
    loading.set(name, component);
  }
  return component;
}
export async function load(names) {
  const values = await Promise.all(names.map(one));
  return Object.fromEntries(names.map((name, i) => [name, values[i]]));
}
`;
    },
  };
}

/** A remote's side, at build time only: antd imports become loads from the shell's antd (./shared-imports.ts). */
export const consumeSharedAntd = (parse: Parse): Plugin => consumeShared({ packageName: 'antd', key: SHARED_ANTD_KEY, parse });
