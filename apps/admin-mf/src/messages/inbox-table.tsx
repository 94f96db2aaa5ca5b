import { Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ScrollRegion, useCalendar } from '@stockbook/ui/antd';
import type { Message } from '@stockbook/contracts';

interface InboxTableProps {
  messages: readonly Message[];
  /** Ids being marked read right now. */
  marking: readonly string[];
  onMarkRead(ids: string[]): void;
}

const sender = (message: Message) => `${message.from.firstName} ${message.from.lastName}`;

/** One's own messages, newest first; unread ones stand out and can be marked read. */
export function InboxTable({ messages, marking, onMarkRead }: InboxTableProps) {
  const { dateTime } = useCalendar();
  const columns: TableColumnsType<Message> = [
    {
      title: 'Status',
      dataIndex: 'read',
      render: (read: boolean) => (read ? <Tag>Read</Tag> : <Tag style={{ fontWeight: 600 }}>Unread</Tag>),
    },
    { title: 'From', key: 'from', render: (_, message) => sender(message) },
    {
      title: 'Message',
      key: 'message',
      render: (_, message) => (
        <div>
          <Typography.Text strong={!message.read}>{message.subject || '(no subject)'}</Typography.Text>
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{message.body}</Typography.Paragraph>
        </div>
      ),
    },
    { title: 'Received', dataIndex: 'createdAt', render: (createdAt: string) => dateTime(createdAt) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, message) =>
        message.read ? null : (
          <Button
            type="link"
            loading={marking.includes(message._id)}
            onClick={() => onMarkRead([message._id])}
            aria-label={`Mark "${message.subject || 'no subject'}" from ${sender(message)} read`}
          >
            Mark read
          </Button>
        ),
    },
  ];
  return (
    <ScrollRegion label="Inbox">
      <Table<Message>
        rowKey="_id"
        columns={columns}
        dataSource={[...messages]}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <Typography.Text>No messages yet.</Typography.Text> }}
        rowClassName={(message) => (message.read ? '' : 'sb-unread')}
      />
    </ScrollRegion>
  );
}
