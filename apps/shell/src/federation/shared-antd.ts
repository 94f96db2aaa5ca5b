import { SHARED_ANTD_KEY, sharedAntd } from 'virtual:stockbook-shared-antd-provider';

/**
 * Publishes the shell's antd for the remotes, one lazily loaded component at a time
 * (tools/vite/shared-antd.ts): a remote's `import { Table } from 'antd'` becomes a load of the
 * shell's Table, so one antd (one theme, one style cache) serves the shell and every remote.
 * Runs before any remote is loaded.
 */
export function provideSharedAntd(): void {
  const scope = globalThis as Record<string, unknown>;
  scope[SHARED_ANTD_KEY] ??= sharedAntd;
}
