import type { ReactNode } from 'react';
import { useShellSession } from '@stockbook/shell-context';
import { NoPermissionPage } from '../pages/no-permission-page';
import { canOpenSection, type Section } from './sections';

/** Renders a section only for those who may open it (the sidebar's rule); others see no-permission. */
export function RequireSection({ section, children }: { section: Section; children: ReactNode }) {
  const { user } = useShellSession();
  if (!user || !canOpenSection(user, section)) return <NoPermissionPage />;
  return children;
}
