import React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getHostProbe } from '@stockbook/shell-context';

export interface RemoteDiagnosticsProps {
  /** Federation name of the remote rendering this card. */
  name: string;
  /** The remote's build version. */
  version: string;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/**
 * Rendered by each remote: tells whether the remote runs on the shell's React and
 * QueryClient (it does only when the federation singletons are shared).
 */
export function RemoteDiagnostics({ name, version }: RemoteDiagnosticsProps) {
  const queryClient = useQueryClient();
  const host = getHostProbe();
  return (
    <dl className="sb-diagnostics" data-testid={`diagnostics-${name}`}>
      <dt>Remote</dt>
      <dd>{name}</dd>
      <dt>Build version</dt>
      <dd data-testid={`diagnostics-${name}-version`}>{version}</dd>
      <dt>Same React as the shell</dt>
      <dd data-testid={`diagnostics-${name}-react`}>{yesNo(host?.react === React)}</dd>
      <dt>Same QueryClient as the shell</dt>
      <dd data-testid={`diagnostics-${name}-query-client`}>{yesNo(host?.queryClient === queryClient)}</dd>
    </dl>
  );
}
