import { Badge, Button, Dropdown, Layout, Menu, Select, type MenuProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { inboxQueryOptions } from '@stockbook/api-client';
import { useShellSession } from '@stockbook/shell-context';
import { canOpenSection, sectionOfPath, sidebarLinks } from '../access/sections';
import { Brand } from '../layouts/brand';
import { NoPermissionPage } from '../pages/no-permission-page';
import type { LocationChoice } from './use-location-choice';
import type { LiveStatus } from '../session/live-events';

const ALL_LOCATIONS = '__all__';

/** The location selector: only the user's visible locations; "All locations" only for those who see all. */
function LocationSelector({ choice }: { choice: LocationChoice }) {
  const options = [
    ...(choice.allowAll ? [{ value: ALL_LOCATIONS, label: 'All locations' }] : []),
    ...choice.locations.map((location) => ({ value: location._id, label: location.name })),
  ];
  return (
    <Select
      className="sb-x-location"
      aria-label="Location"
      data-testid="location-selector"
      loading={choice.loading}
      value={choice.loading ? undefined : (choice.locationId ?? (choice.allowAll ? ALL_LOCATIONS : undefined))}
      placeholder={choice.loading ? 'Loading locations…' : 'No location'}
      options={options}
      onChange={(value: string) => choice.setLocationId(value === ALL_LOCATIONS ? null : value)}
      popupMatchSelectWidth={false}
    />
  );
}

/** The user menu: profile, messages with the unread count, sign out. */
function UserMenu() {
  const { user, signOut } = useShellSession();
  const inbox = useQuery({ ...inboxQueryOptions(), enabled: user !== null });
  const unread = inbox.data?.unread ?? 0;
  const items: MenuProps['items'] = [
    { key: 'profile', label: <Link to="/x/profile">Profile</Link> },
    {
      key: 'messages',
      label: (
        <Link to="/x/messages" className="sb-x-menu-messages">
          Messages
          <Badge count={unread} size="small" aria-label={`${unread} unread`} data-testid="unread-count" showZero={false} />
        </Link>
      ),
    },
    { type: 'divider' },
    { key: 'sign-out', label: 'Sign out', onClick: () => void signOut() },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button data-testid="user-menu" aria-label={`Account: ${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim()}>
        <Badge dot={unread > 0} offset={[6, -2]}>
          <span>
            {user?.firstName} {user?.lastName}
          </span>
        </Badge>
      </Button>
    </Dropdown>
  );
}

/**
 * The signed-in frame under /x (antd, loaded with the route): a sidebar with what the user may
 * open, the location selector and the user menu, and the section in the middle.
 */
export function XFrame({ choice, live }: { choice: LocationChoice; live: LiveStatus }) {
  const { user } = useShellSession();
  const { pathname } = useLocation();
  const links = user ? sidebarLinks(user) : [];
  const selected = sectionOfPath(pathname);
  // A section the user may not open shows the no-permission page (the sidebar's rule).
  const allowed = selected === null || (user !== null && canOpenSection(user, selected));
  return (
    <Layout className="sb-x" data-live-session={live}>
      <Layout.Sider className="sb-x-sider" theme="light" breakpoint="lg" collapsedWidth={0} width={220}>
        <div className="sb-x-brand">
          <Brand to="/x" />
        </div>
        <nav aria-label="Sections">
          <Menu
            mode="inline"
            selectedKeys={selected ? [selected] : []}
            items={links.map((link) => ({
              key: link.section,
              label: (
                <NavLink to={link.to} end={link.section === 'dashboard'}>
                  {link.label}
                </NavLink>
              ),
            }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="sb-x-header">
          <LocationSelector choice={choice} />
          <UserMenu />
        </Layout.Header>
        {/* antd's Layout.Content is the page's one <main>: the screens and remote slots inside add none. */}
        <Layout.Content className="sb-x-content sb-x-main">{allowed ? <Outlet /> : <NoPermissionPage />}</Layout.Content>
      </Layout>
    </Layout>
  );
}
