import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSectionTabs } from './section-tabs';

interface PageProps {
  title: string;
  /** The remote that renders the screen (`data-remote`), for tests and diagnostics. */
  remote: string;
  /** Buttons beside the title. */
  extra?: ReactNode;
  children: ReactNode;
}

/**
 * One section screen: its heading (the one h1, on the heading scale of ThemedAntd and
 * global.css), its actions beside it, the section's tabs under it, then its content.
 */
export function Page({ title, remote, extra, children }: PageProps) {
  const tabs = useSectionTabs();
  return (
    <section className="sb-page" data-remote={remote}>
      <div className="sb-page-head">
        <Typography.Title level={1} className="sb-page-title">
          {title}
        </Typography.Title>
        {extra && <div className="sb-page-actions">{extra}</div>}
      </div>
      {tabs}
      {children}
    </section>
  );
}
