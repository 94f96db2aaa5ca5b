import type { Plugin } from 'vite';
import { consumeShared, importsOf, type Parse, type ProvidedPackage } from './shared-imports';

/**
 * One big.js (the money arithmetic of libs/domain) for the shell and every remote: the shell's
 * first bundle has it already, and each remote used to bundle its own copy (~4 KiB compressed),
 * downloaded again by every further remote. Shared like zod (./shared-zod.ts): the shell publishes
 * its Big, a remote's `import Big from 'big.js'` becomes a load of it.
 */
export const SHARED_BIG_KEY = '__STOCKBOOK_SHARED_BIG__';

export const SHARED_BIG: ProvidedPackage = {
  packageName: 'big.js',
  key: SHARED_BIG_KEY,
  shared: `import Big from 'big.js';\nconst shared = { default: Big };`,
};

/** A remote's side, at build time only: `import Big from 'big.js'` becomes a load of the shell's Big. */
export const consumeSharedBig = (parse: Parse): Plugin =>
  consumeShared({
    packageName: 'big.js',
    key: SHARED_BIG_KEY,
    parse,
    check(_code, id, program) {
      const other = importsOf(program, 'big.js').flatMap((node) => node.specifiers).filter((s) => s.type !== 'ImportDefaultSpecifier');
      if (other.length) throw new Error(`${id} imports big.js other than by its default export: the shell shares Big only (import Big from 'big.js').`);
    },
  });
