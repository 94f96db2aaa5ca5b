import { useEffect, type ReactNode } from 'react';
import { Card, Typography } from 'antd';

/** One sign-in page: a titled card (the page's h1) and its form. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Stockbook`;
  }, [title]);
  return (
    <Card className="sb-auth-card">
      <Typography.Title level={1} className="sb-auth-title">
        {title}
      </Typography.Title>
      {intro ? <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph> : null}
      {children}
    </Card>
  );
}
