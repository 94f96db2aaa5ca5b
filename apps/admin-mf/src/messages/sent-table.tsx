import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ScrollRegion, useCalendar } from '@stockbook/ui/antd';
import type { SentMessage } from '@stockbook/contracts';

const recipientName = (message: SentMessage) => `${message.recipient.firstName} ${message.recipient.lastName}`;

/** What one sent, newest first, with whether each recipient has read it yet. */
export function SentTable({ messages }: { messages: readonly SentMessage[] }) {
  const { dateTime } = useCalendar();
  const columns: TableColumnsType<SentMessage> = [
    { title: 'To', key: 'to', render: (_, message) => recipientName(message) },
    {
      title: 'Message',
      key: 'message',
      render: (_, message) => (
        <div>
          <Typography.Text strong>{message.subject || '(no subject)'}</Typography.Text>
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{message.body}</Typography.Paragraph>
        </div>
      ),
    },
    { title: 'Sent', dataIndex: 'createdAt', render: (createdAt: string) => dateTime(createdAt) },
    { title: 'Status', dataIndex: 'read', render: (read: boolean) => (read ? <Tag>Read</Tag> : <Tag>Not read yet</Tag>) },
  ];
  return (
    <ScrollRegion label="What you sent">
      <Table<SentMessage>
        rowKey="_id"
        columns={columns}
        dataSource={[...messages]}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <Typography.Text>You have not sent any messages yet.</Typography.Text> }}
      />
    </ScrollRegion>
  );
}
