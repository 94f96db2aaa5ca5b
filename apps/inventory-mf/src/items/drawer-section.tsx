import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A titled part of the item drawer, a region named by its title (tests and screen readers find it so). */
export function DrawerSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      {/* On the app's one heading scale (ThemedAntd's HEADING_SCALE): the drawer's sections are level 2. */}
      <Typography.Title level={2}>{title}</Typography.Title>
      {children}
    </section>
  );
}
