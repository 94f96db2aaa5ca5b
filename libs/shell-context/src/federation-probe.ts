import type { QueryClient } from '@tanstack/react-query';

/**
 * The shell records the React and QueryClient it runs on; a remote compares its own with
 * them. Because this lib is a federation singleton, a remote sees the shell's record only
 * when sharing works.
 */
export interface HostProbe {
  readonly react: object;
  readonly queryClient: QueryClient;
  readonly version: string;
}

let host: HostProbe | undefined;

export function registerHostProbe(probe: HostProbe): void {
  host = probe;
}

export function getHostProbe(): HostProbe | undefined {
  return host;
}
