import { Grid, Table, Tag, type TableColumnsType } from 'antd';
import { RowActions } from '@stockbook/ui/antd';
import type { Location, ManagedUser } from '@stockbook/contracts';
import { isAdministrator } from '@stockbook/domain';
import { describeEntry, roleName } from './permission-labels';

interface UsersTableProps {
  users: readonly ManagedUser[];
  locations: readonly Location[] | undefined;
  /** The signed-in administrator. */
  meId: string;
  busyUserId: string | null;
  onEdit(user: ManagedUser): void;
  onPermissions(user: ManagedUser): void;
  onLock(user: ManagedUser, locked: boolean): void;
}

const fullName = (user: ManagedUser) => `${user.firstName} ${user.lastName}`;

/** Every user of the business, with what an administrator can do to each. */
export function UsersTable({ users, locations, meId, busyUserId, onEdit, onPermissions, onLock }: UsersTableProps) {
  // On a phone the name and its actions come first; the details show from tablets up.
  const phone = !Grid.useBreakpoint().sm;
  const columns: TableColumnsType<ManagedUser> = [
    {
      title: 'Name',
      key: 'name',
      render: (_, user) => (
        <>
          {user._id === meId ? `${fullName(user)} (you)` : fullName(user)}
          {phone && user.locked && (
            <>
              {' '}
              <Tag style={{ fontWeight: 600 }}>Locked</Tag>
            </>
          )}
        </>
      ),
    },
    { title: 'Username', dataIndex: 'username', responsive: ['md'] },
    { title: 'E-mail', dataIndex: 'email', responsive: ['lg'] },
    { title: 'Role', key: 'role', responsive: ['md'], render: (_, user) => <Tag>{roleName(user)}</Tag> },
    {
      title: 'Status',
      key: 'status',
      responsive: ['sm'],
      render: (_, user) => (user.locked ? <Tag style={{ fontWeight: 600 }}>Locked</Tag> : <Tag>Active</Tag>),
    },
    {
      title: 'Permissions',
      key: 'permissions',
      responsive: ['md'],
      render: (_, user) => {
        if (isAdministrator(user)) return 'Everything';
        if (user.permissions.length === 0) return 'None';
        return (
          <ul style={{ margin: 0, paddingLeft: 16 }}>
            {user.permissions.map((entry, index) => (
              <li key={index}>{describeEntry(entry, locations)}</li>
            ))}
          </ul>
        );
      },
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, user) => {
        const self = user._id === meId;
        const name = fullName(user);
        // The owner's account is theirs alone; nobody locks themselves out.
        const canEdit = !user.rootUser || self;
        const canLock = !user.rootUser && !self;
        const busy = busyUserId === user._id;
        return (
          <RowActions
            subject={name}
            actions={[
              canEdit && { label: 'Edit', onClick: () => onEdit(user) },
              !isAdministrator(user) && { label: 'Permissions', ariaLabel: `Permissions of ${name}`, onClick: () => onPermissions(user) },
              canLock && user.locked && { label: 'Unlock', loading: busy, onClick: () => onLock(user, false) },
              canLock &&
                !user.locked && {
                  label: 'Lock',
                  danger: true,
                  loading: busy,
                  confirm: {
                    title: `Lock ${name}?`,
                    description: 'They are signed out at once and cannot sign in until unlocked.',
                    okText: 'Lock',
                  },
                  onClick: () => onLock(user, true),
                },
            ]}
          />
        );
      },
    },
  ];
  return <Table<ManagedUser> rowKey="_id" columns={columns} dataSource={[...users]} pagination={false} scroll={{ x: true }} />;
}
