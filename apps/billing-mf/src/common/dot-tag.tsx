import { Tag } from 'antd';
import type { ReactNode } from 'react';

/**
 * A state tag in the tag's own neutral colours (4.5:1 in both themes, unlike antd's coloured tags)
 * with a coloured dot that tells the states apart.
 */
export function DotTag({ colour, children }: { colour: string; children: ReactNode }) {
  return (
    <Tag>
      <span aria-hidden="true" style={{ color: colour }}>
        ●
      </span>{' '}
      {children}
    </Tag>
  );
}
