import type { ReactNode } from 'react';
import { RemoteDiagnostics } from './remote-diagnostics';

export interface RemotePlaceholderProps {
  /** Federation name of the remote. */
  remote: string;
  version: string;
  title: string;
  children: ReactNode;
}

/** A remote's landing page until its capability issue replaces it; proves it renders in the shell. */
export function RemotePlaceholder({ remote, version, title, children }: RemotePlaceholderProps) {
  return (
    <section className="sb-page" data-remote={remote}>
      <h1>{title}</h1>
      {children}
      <h2>About this section</h2>
      <RemoteDiagnostics name={remote} version={version} />
    </section>
  );
}
