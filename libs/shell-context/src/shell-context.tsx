import { createContext, useContext, type ReactNode } from 'react';
import type { ShellRuntimeConfig } from '@stockbook/contracts';
import type { ShellTheme } from './theme';

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';

export interface Notice {
  kind: NoticeKind;
  title: string;
  description?: string;
  /** Stays until closed, instead of fading after a few seconds. */
  persistent?: boolean;
  /** A notice with the id of one still shown replaces it instead of stacking a copy. */
  id?: string;
}

/** Services the shell owns once per page and lends to every remote. */
export interface ShellServices {
  readonly config: ShellRuntimeConfig;
  /** Shows a toast; the shell decides how (at most 5 at once). */
  notify(notice: Notice): void;
  /** Light or dark, as the visitor chose; antd screens follow it (see `@stockbook/ui/antd`). */
  readonly theme: ShellTheme;
}

const ShellContext = createContext<ShellServices | null>(null);

export function ShellProvider({ value, children }: { value: ShellServices; children: ReactNode }) {
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellServices {
  const services = useContext(ShellContext);
  if (!services) throw new Error('useShell() must be used inside the Stockbook shell (ShellProvider).');
  return services;
}

/** For a remote running on its own (its team's dev server) outside the shell. */
export function useOptionalShell(): ShellServices | null {
  return useContext(ShellContext);
}
