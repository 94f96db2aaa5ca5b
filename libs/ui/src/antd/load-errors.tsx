import { Alert, Button, Spin, Table } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { FailedCall } from '@stockbook/api-client';
import { ScrollRegion } from './scroll-region';
import { errorMessage } from './server-errors';

/** One failed load of a dated table, as the table of errors lists it. */
export interface LoadError {
  readonly key: string;
  readonly time: Date;
  readonly call: string;
  readonly message: string;
  readonly requestId: string;
}

/** What a failed query's error says for the table: its call and moment when the API client stamped them. */
export function loadErrorOf(error: unknown, fallbackCall: string, seenAt: number): LoadError {
  const failed = (error ?? {}) as FailedCall & { requestId?: string };
  const time = failed.at ?? new Date(seenAt);
  return { key: String(seenAt), time, call: failed.call ?? fallbackCall, message: errorMessage(error), requestId: failed.requestId ?? '' };
}

/**
 * The loading and error states of a dated table (issue 15, point 10): while loading, a status; when
 * a load fails, a table of the failures seen (time, call, message, request id; the newest first)
 * with a retry, instead of an empty table that would read as "nothing happened that day".
 */
export function DatedQueryState<T>({ query, what, call, children }: { query: UseQueryResult<T>; what: string; call: string; children: (data: T) => ReactNode }) {
  // Each failure once, kept from render to render (React's "state from the previous render" pattern).
  const [seen, setSeen] = useState<{ at: number; errors: LoadError[] }>({ at: 0, errors: [] });
  const { error, errorUpdatedAt } = query;
  if (error && errorUpdatedAt !== seen.at) setSeen({ at: errorUpdatedAt, errors: [loadErrorOf(error, call, errorUpdatedAt), ...seen.errors].slice(0, 20) });
  const errors = seen.errors;

  if (query.isPending && !query.isError) {
    return (
      <div role="status" style={{ padding: 24 }}>
        <Spin /> <span style={{ marginLeft: 8 }}>Loading {what}...</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div>
        <Alert
          type="error"
          showIcon
          title={`Could not load ${what}`}
          description="The table below lists each failed load; quote its request id when you ask for help."
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
        <ScrollRegion label="Load errors">
          <Table<LoadError>
            size="small"
            rowKey="key"
            aria-label="Load errors"
            pagination={false}
            dataSource={errors}
            columns={[
              { title: 'Time', key: 'time', render: (_, row) => row.time.toLocaleTimeString('en-GB') },
              { title: 'Call', dataIndex: 'call', key: 'call' },
              { title: 'Message', dataIndex: 'message', key: 'message' },
              { title: 'Request id', dataIndex: 'requestId', key: 'requestId', render: (value: string) => value || '—' },
            ]}
          />
        </ScrollRegion>
      </div>
    );
  }
  return <>{children(query.data as T)}</>;
}
