import type { ReactNode } from 'react';

/**
 * A table (or anything wide) that scrolls sideways on a phone inside a region the keyboard can reach:
 * axe's scrollable-region-focusable asks for it when the rows hold nothing focusable themselves.
 * Use it instead of antd's `scroll={{ x }}` for read-only tables.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </div>
  );
}
