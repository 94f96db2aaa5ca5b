import { Table, Tag, type TableColumnsType } from 'antd';
import type { Location, StaffInvitation } from '@stockbook/contracts';
import { RowActions, useCalendar } from '@stockbook/ui/antd';
import { describeEntry, roleName } from './permission-labels';

interface InvitationsTableProps {
  invitations: readonly StaffInvitation[];
  locations: readonly Location[] | undefined;
  /** The invitation a resend or revoke is under way for. */
  busyId: string | null;
  onResend(invitation: StaffInvitation): void;
  onRevoke(invitation: StaffInvitation): void;
}

const fullName = (invitation: StaffInvitation) => `${invitation.firstName} ${invitation.lastName}`;

/** The invitations not yet accepted: who, with what role, until when; resend or revoke each. */
export function InvitationsTable({ invitations, locations, busyId, onResend, onRevoke }: InvitationsTableProps) {
  const calendar = useCalendar();
  const columns: TableColumnsType<StaffInvitation> = [
    { title: 'Name', key: 'name', render: (_, invitation) => fullName(invitation) },
    { title: 'E-mail', dataIndex: 'email', responsive: ['md'] },
    {
      title: 'Role',
      key: 'role',
      responsive: ['md'],
      render: (_, invitation) =>
        invitation.userAdmin ? (
          <Tag>User admin</Tag>
        ) : (
          <>
            <Tag>{roleName(invitation)}</Tag>
            {invitation.permissions.map((entry, index) => (
              <div key={index}>{describeEntry(entry, locations)}</div>
            ))}
          </>
        ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, invitation) =>
        invitation.status === 'expired' ? (
          <Tag style={{ fontWeight: 600 }}>Expired</Tag>
        ) : (
          <span>Link works until {calendar.dateTime(invitation.expiresAt)}</span>
        ),
    },
    { title: 'Invited by', dataIndex: 'invitedBy', responsive: ['lg'] },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, invitation) => {
        const name = fullName(invitation);
        const busy = busyId === invitation._id;
        return (
          <RowActions
            subject={`the invitation of ${name}`}
            actions={[
              { label: 'Resend', loading: busy, onClick: () => onResend(invitation) },
              {
                label: 'Revoke',
                danger: true,
                loading: busy,
                confirm: { title: `Revoke the invitation of ${name}?`, description: 'Its link stops working at once.', okText: 'Revoke' },
                onClick: () => onRevoke(invitation),
              },
            ]}
          />
        );
      },
    },
  ];
  return <Table<StaffInvitation> rowKey="_id" columns={columns} dataSource={[...invitations]} pagination={false} scroll={{ x: true }} />;
}
