import { Typography } from 'antd';
import type { ReactNode } from 'react';

interface PageProps {
  title: string;
  /** The remote that renders the screen (`data-remote`), for tests and diagnostics. */
  remote: string;
  /** Buttons beside the title. */
  extra?: ReactNode;
  children: ReactNode;
}

/** One section screen: its heading, actions and content, marked as this remote's. */
export function Page({ title, remote, extra, children }: PageProps) {
  return (
    <section className="sb-page" data-remote={remote}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 12, marginBottom: 16 }}>
        <Typography.Title level={1} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </div>
      {children}
    </section>
  );
}
