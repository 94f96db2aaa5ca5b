import { Typography } from 'antd';
import type { ReactNode } from 'react';


/** A part's heading inside a screen or drawer (h2, at the h3 size of the heading scale). */
export function PartHeading({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={2} style={{ fontSize: 'var(--sb-h3, 1.25rem)', marginTop: 24 }}>
      {children}
    </Typography.Title>
  );
}

/** Labelled amounts, one a row, the amount flush right (a sale's or an invoice's totals). */
export function AmountsList({ rows, money, testId, strong }: { rows: readonly (readonly [string, string])[]; money(amount: string): string; testId: string; strong?: string }) {
  return (
    <dl data-testid={testId} style={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: '4px 16px', maxWidth: 360, margin: 0 }}>
      {rows.map(([label, amount]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd style={{ margin: 0, textAlign: 'right', whiteSpace: 'nowrap', fontWeight: label === strong ? 600 : undefined }} data-testid={`${testId}-${label.toLowerCase().replace(/ /g, '-')}`}>
            {money(amount)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
