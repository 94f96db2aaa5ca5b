import { SHARED_PACKAGES } from 'virtual:stockbook-shared-packages';

/**
 * Publishes the packages the shell shares whole-module with the remotes, zod's `z` and big.js
 * (tools/vite/shared-zod.ts, shared-big.ts): a remote's `import { z } from 'zod'` becomes a load
 * of the shell's `z`, so one copy serves the shell and every remote and none downloads it again.
 * Runs before any remote is loaded.
 */
export function provideSharedPackages(): void {
  const scope = globalThis as Record<string, unknown>;
  for (const [key, shared] of SHARED_PACKAGES) scope[key] ??= shared;
}
