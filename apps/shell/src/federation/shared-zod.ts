import { SHARED_ZOD_KEY, sharedZod } from 'virtual:stockbook-shared-zod-provider';

/**
 * Publishes the shell's zod for the remotes (tools/vite/shared-zod.ts): a remote's
 * `import { z } from 'zod'` becomes a load of the shell's `z`, so one zod serves the shell and
 * every remote and none downloads it again. Runs before any remote is loaded.
 */
export function provideSharedZod(): void {
  const scope = globalThis as Record<string, unknown>;
  scope[SHARED_ZOD_KEY] ??= sharedZod;
}
