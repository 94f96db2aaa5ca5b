import type { ReactNode } from 'react';

/** An amount of money kept on one line: its currency symbol never wraps apart from its number. */
export function Amount({ children }: { children: ReactNode }) {
  return (
    <span className="sb-amount" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </span>
  );
}
