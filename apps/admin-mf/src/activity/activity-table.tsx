import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ScrollRegion, useCalendar } from '@stockbook/ui/antd';
import type { Activity, ActivityListResponse, Location } from '@stockbook/contracts';

interface ActivityTableProps {
  page: ActivityListResponse;
  locations: readonly Location[] | undefined;
  loading: boolean;
  onPage(page: number, limit: number): void;
}

/** One page of the activity log, newest first, with the pager. */
export function ActivityTable({ page, locations, loading, onPage }: ActivityTableProps) {
  // In the business's time zone and date style (issue 22, rule 4).
  const { dateTime } = useCalendar();
  const locationName = (id: string) => locations?.find((location) => location._id === id)?.name ?? 'Another location';
  const columns: TableColumnsType<Activity> = [
    { title: 'When', dataIndex: 'createdAt', render: (createdAt: string) => dateTime(createdAt) },
    {
      title: 'Who',
      key: 'user',
      render: (_, activity) => `${activity.user.firstName} ${activity.user.lastName}`,
    },
    {
      title: 'Action',
      dataIndex: 'action',
      render: (action: Activity['action']) => <Tag>{action}</Tag>,
    },
    { title: 'What', dataIndex: 'entity' },
    { title: 'Description', dataIndex: 'description' },
    {
      title: 'Locations',
      key: 'locations',
      render: (_, activity) => (activity.locationID.length === 0 ? '—' : activity.locationID.map(locationName).join(', ')),
    },
  ];
  return (
    <ScrollRegion label="Activity log">
      <Table<Activity>
        rowKey="_id"
        columns={columns}
        dataSource={page.data}
        loading={loading}
        locale={{ emptyText: <Typography.Text>Nothing has happened here yet.</Typography.Text> }}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: page.total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => `${total} ${total === 1 ? 'entry' : 'entries'}`,
          onChange: onPage,
        }}
      />
    </ScrollRegion>
  );
}
