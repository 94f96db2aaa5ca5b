import { Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { tillQueryOptions } from '@stockbook/api-client';
import type { TillCount } from '@stockbook/contracts';
import { tillDifferenceShown, type CurrencyCode } from '@stockbook/domain';
import { ScrollRegion, useCalendar } from '@stockbook/ui/antd';
import { customerName } from '../customers/customer-form-modal';

/** One location's till: the cash it should hold now and its past counts, newest first (who, when, counted, over or short). */
export function TillCounts({ locationId, locationName, currency, money }: { locationId: string; locationName: string; currency: CurrencyCode; money(amount: string): string }) {
  const { dateTime } = useCalendar();
  const till = useQuery(tillQueryOptions(locationId));
  if (!till.data) return null;
  return (
    <section aria-labelledby="till-counts-heading" style={{ marginTop: 24 }}>
      <Typography.Title id="till-counts-heading" level={2} style={{ fontSize: 'var(--sb-h3, 1.25rem)' }}>
        Till counts at {locationName}
      </Typography.Title>
      <p data-testid="till-now">
        Cash the till should hold now: <strong>{money(till.data.expected)}</strong>
      </p>
      <ScrollRegion label="Till counts">
        <Table<TillCount>
          rowKey="_id"
          aria-label="Till counts"
          size="small"
          dataSource={till.data.counts}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: 'No counts yet.' }}
          columns={[
            { title: 'Counted at', key: 'at', render: (_, count) => <span style={{ whiteSpace: 'nowrap' }}>{dateTime(count.createdAt)}</span> },
            { title: 'By', key: 'by', render: (_, count) => customerName(count.user) },
            { title: 'Expected', key: 'expected', align: 'right', render: (_, count) => money(count.expected) },
            { title: 'Counted', key: 'counted', align: 'right', render: (_, count) => money(count.counted) },
            { title: 'Result', key: 'result', render: (_, count) => tillDifferenceShown(count.difference, currency) },
            { title: 'Note', dataIndex: 'note' },
          ]}
        />
      </ScrollRegion>
    </section>
  );
}
