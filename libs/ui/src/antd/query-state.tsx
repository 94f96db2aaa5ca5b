import { Alert, Spin } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from './server-errors';

/** Loading and error states of a query, then its data. */
export function QueryState<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, for the words: "the users". */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div role="status" style={{ padding: 24 }}>
        <Spin /> <span style={{ marginLeft: 8 }}>Loading {what}...</span>
      </div>
    );
  }
  if (query.isError) {
    return <Alert type="error" showIcon title={`Could not load ${what}`} description={errorMessage(query.error)} />;
  }
  return <>{children(query.data)}</>;
}

/** Said instead of a screen the signed-in user may not use. */
export function NotAllowed({ children }: { children: ReactNode }) {
  return <Alert type="warning" showIcon title="You do not have permission to see this" description={children} />;
}
