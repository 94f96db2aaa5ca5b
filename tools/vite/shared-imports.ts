import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

interface ImportNode {
  type: string;
  start: number;
  end: number;
  source: { value: unknown };
  specifiers: Array<{ type: string; imported?: { type: string; name?: string; value?: string }; local: { name: string } }>;
}

/** Parses a module into an ESTree program with start/end offsets (vite's parseAst in builds). */
export type Parse = (code: string) => { body: unknown[] };

/** The `import ... from packageName` declarations of a module's top level. */
export function importsOf(program: { body: unknown[] }, packageName: string): ImportNode[] {
  return (program.body as ImportNode[]).filter((node) => node.type === 'ImportDeclaration' && node.source.value === packageName);
}

/**
 * Rewrites a module's `import { ... } from '<packageName>'` into one awaited load of those names
 * from `loaderModule` (a package the shell provides: ./shared-antd.ts, ./shared-zod.ts,
 * ./shared-big.ts), or
 * returns null when it has none. `parse` gives an ESTree program with start/end offsets (vite's
 * parseAst at build time).
 */
export function rewriteSharedImports(code: string, id: string, packageName: string, loaderModule: string, parse: Parse): string | null {
  if (!code.includes(packageName)) return null;
  const imports = importsOf(parse(code), packageName);
  if (!imports.length) return null;
  // One loader name per package, so a module importing two shared packages (antd and big.js) declares two.
  const loader = `__stockbookShared_${packageName.replace(/[^A-Za-z0-9]/g, '_')}`;
  let out = '';
  let at = 0;
  for (const node of imports) {
    const pairs = node.specifiers.map((specifier) => {
      if (specifier.type === 'ImportDefaultSpecifier') return ['default', specifier.local.name] as const;
      if (specifier.type !== 'ImportSpecifier' || !specifier.imported) {
        throw new Error(`${id}: only default and named imports of ${packageName} can be shared (import { name } from '${packageName}')`);
      }
      const imported = specifier.imported.name ?? String(specifier.imported.value);
      return [imported, specifier.local.name] as const;
    });
    const names = JSON.stringify([...new Set(pairs.map(([imported]) => imported))]);
    const bindings = pairs.map(([imported, local]) => (imported === local ? local : `${imported}: ${local}`)).join(', ');
    out += code.slice(at, node.start);
    out += pairs.length ? `const { ${bindings} } = await ${loader}(${names});` : '';
    at = node.end;
  }
  out += code.slice(at);
  return `import { loadShared as ${loader} } from ${JSON.stringify(loaderModule)};\n${out}`;
}

interface SharedPackage {
  /** The package's import name, e.g. 'antd'. */
  packageName: string;
  /** Where the shell's build publishes it: globalThis[key] = { version, load(names) }. */
  key: string;
  /** Checks a module before its imports are rewritten (throws to fail the build). */
  check?(code: string, id: string, program: { body: unknown[] }): void;
  parse: Parse;
}

/**
 * A remote's side, at build time only: `import { a, b } from '<package>'` becomes
 * `const { a, b } = await loadShared(['a', 'b'])` (top-level await) from what the shell
 * published, so a remote carries no copy of the package. A remote's own dev server (and
 * `npm run dev`) imports the package as usual, so it still runs without the shell.
 */
export function consumeShared({ packageName, key, check, parse }: SharedPackage): Plugin {
  // The remote expects the major version it is built against (the shell is built from the same install).
  const major = Number(packageVersion(packageName).split('.')[0]);
  const consumerId = `virtual:stockbook-shared-${packageName}-consumer`;
  const consumerModule = `
export function loadShared(names) {
  const shared = globalThis[${JSON.stringify(key)}];
  if (!shared) {
    throw new Error('This remote takes ${packageName} from the Stockbook shell, which has not provided it: load it through the shell (its own dev server imports ${packageName} itself).');
  }
  if (!/^${major}\\./.test(shared.version)) throw new Error('This remote needs ${packageName} ^${major}.0.0; the shell provides ' + shared.version + '.');
  return shared.load(names);
}
`;
  return {
    name: `stockbook-shared-${packageName}-consumer`,
    apply: 'build',
    enforce: 'post',
    resolveId: (id) => (id === consumerId ? `\0${consumerId}` : null),
    load: (id) => (id === `\0${consumerId}` ? consumerModule : null),
    transform(code, id) {
      if (id.startsWith('\0') || id.includes('/node_modules/') || !/\.[cm]?[jt]sx?(\?|$)/.test(id)) return null;
      if (check && code.includes(packageName)) check(code, id, parse(code));
      const rewritten = rewriteSharedImports(code, id, packageName, consumerId, parse);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}

/** The installed version of a package, from its package.json. */
export function packageVersion(packageName: string): string {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve(`${packageName}/package.json`), 'utf8')).version;
}

/** A package the shell hands the remotes whole-module, lazily (zod's members, big.js). */
export interface ProvidedPackage {
  packageName: string;
  /** Where the shell publishes it: globalThis[key] = { version, load(names) }. */
  key: string;
  /** Module code that defines `const shared = { exportName: value, ... }`: what the remotes may load. */
  shared: string;
}

const PACKAGES_ID = 'virtual:stockbook-shared-packages';

/** The id of the lazily loaded module with a provided package's exports (for route preloads). */
export const sharedExportsId = (packageName: string) => `virtual:stockbook-shared-${packageName}-exports`;

/**
 * The shell's side: `import { SHARED_PACKAGES } from 'virtual:stockbook-shared-packages'`, pairs
 * of [key, { version, load(names) }] for the shell to publish. `load` fetches the package's
 * exports module, a chunk of the shell's own module graph: what the shell's first bundle already
 * has stays there (the public pages carry nothing more), the rest arrives with the first remote.
 */
export function provideSharedPackages(packages: readonly ProvidedPackage[]): Plugin {
  const byExportsId = new Map(packages.map((provided) => [`\0${sharedExportsId(provided.packageName)}`, provided]));
  return {
    name: 'stockbook-shared-packages-provider',
    resolveId: (id) => (id === PACKAGES_ID || byExportsId.has(`\0${id}`) ? `\0${id}` : null),
    load(id) {
      if (id === `\0${PACKAGES_ID}`) {
        const entries = packages.map(
          ({ packageName, key }) =>
            `  [${JSON.stringify(key)}, { version: ${JSON.stringify(packageVersion(packageName))}, load: (names) => import(${JSON.stringify(sharedExportsId(packageName))}).then((m) => m.load(names)) }],`,
        );
        return `export const SHARED_PACKAGES = [\n${entries.join('\n')}\n];\n`;
      }
      const provided = byExportsId.get(id);
      if (!provided) return null;
      return `${provided.shared}
export function load(names) {
  for (const name of names) if (!(name in shared)) throw new Error('The shell does not share "' + name + '" of ${provided.packageName}.');
  return Object.fromEntries(names.map((name) => [name, shared[name]]));
}
`;
    },
  };
}
