import { Badge, Button, Drawer, Dropdown, Layout, Select, type MenuProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { memo, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { inboxQueryOptions } from '@stockbook/api-client';
import { screenTitle, type CurrentUser } from '@stockbook/contracts';
import { can } from '@stockbook/domain';
import { useShellSession } from '@stockbook/shell-context';
import { lazyExport } from '@stockbook/ui';
import { canOpenSection, sectionOfPath, sidebarLinks, type Section } from '../access/sections';
import { Brand } from '../layouts/brand';
import { CommandPalette, preloadCommandPalette, usePaletteShortcut } from '../layouts/command-palette';
import { MenuIcon, SearchIcon } from '../layouts/icons';
import type { PaletteCommand, PaletteFinderProps } from '../layouts/palette-types';
import { ThemeSwitcher } from '../layouts/theme-switcher';
import { NoPermissionPage } from '../pages/no-permission-page';
import { frameActions, frameLinks } from './frame-links';
import type { LocationChoice } from './use-location-choice';

// The palette's finders (and cmdk with them) load with the palette, not with the frame.
const PaletteFinders = lazyExport(() => import('./palette-finders'), 'PaletteFinders');

const ALL_LOCATIONS = '__all__';
const MAIN_ID = 'sb-main';

/** The location selector: only the user's visible locations; "All locations" only for those who see all. */
const LocationSelector = memo(function LocationSelector({ choice }: { choice: LocationChoice }) {
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
});

const unreadWords = (unread: number) => (unread === 0 ? '' : `${unread} unread ${unread === 1 ? 'message' : 'messages'}`);

/** The user menu: profile, messages with the unread count (said to screen readers too), sign out. */
const UserMenu = memo(function UserMenu() {
  const { user, signOut } = useShellSession();
  const inbox = useQuery({ ...inboxQueryOptions(), enabled: user !== null });
  const unread = inbox.data?.unread ?? 0;
  const name = `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim();
  const initials = `${user?.firstName?.[0] ?? ''}${user?.lastName?.[0] ?? ''}`.toUpperCase();
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
    <>
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
        <Button data-testid="user-menu" className="sb-x-account" aria-label={[`Account: ${name}`, unreadWords(unread)].filter(Boolean).join(', ')}>
          <Badge dot={unread > 0} offset={[6, -2]}>
            <span className="sb-x-account-name">{name}</span>
            <span className="sb-x-account-initials" aria-hidden="true">
              {initials}
            </span>
          </Badge>
        </Button>
      </Dropdown>
      {/* Announced when the count changes (a message arrives while the page is open). */}
      <span className="sb-sr-only" role="status" data-testid="unread-announcement">
        {unreadWords(unread)}
      </span>
    </>
  );
});

/**
 * The sections this user may open, as a list of links (the sidebar's, or the phone drawer's), the
 * current one marked. Plain links rather than antd's Menu: the menu was the frame's costliest part
 * (some 100 components, drawn twice more after mounting while it measured itself), on every /x
 * page before its screen. Drawn again only when the user or the section changes.
 */
const SectionsNav = memo(function SectionsNav({ user, selected, onNavigate }: { user: CurrentUser; selected: Section | null; onNavigate?(): void }) {
  return (
    <nav aria-label="Sections" className="sb-x-sections">
      <ul>
        {sidebarLinks(user).map((link) => (
          <li key={link.section}>
            <Link to={link.to} aria-current={link.section === selected ? 'page' : undefined} onClick={onNavigate}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
});

/** Moves the keyboard to the page's content, past the sidebar and header. */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sb-skip-link"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Skip to content
    </a>
  );
}

/**
 * The signed-in frame under /x (antd, loaded with the route): a sidebar with what the user may
 * open (a drawer over the page on small screens), a header with search (the `/` palette), the
 * location selector, the theme and the user menu, both staying put while the page scrolls, and
 * the screen in the one main landmark. Each screen's document title is set here.
 */
export function XFrame({ choice }: { choice: LocationChoice }) {
  const { user } = useShellSession();
  const { pathname } = useLocation();
  const selected = sectionOfPath(pathname);
  // A section the user may not open shows the no-permission page (the sidebar's rule).
  const allowed = selected === null || (user !== null && canOpenSection(user, selected));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const togglePalette = useCallback(() => setPaletteOpen((open) => !open), []);
  usePaletteShortcut(togglePalette);
  const links = useMemo(() => (user ? frameLinks(user) : []), [user]);
  const actions = useMemo(() => (user ? frameActions(user) : []), [user]);
  // The header's location selector, in the palette too: every other choice it offers.
  const locationCommands = useMemo<PaletteCommand[]>(
    () =>
      [
        ...(choice.allowAll ? [{ id: null, name: 'All locations' }] : []),
        ...choice.locations.map((location) => ({ id: location._id as string | null, name: location.name })),
      ]
        .filter((option) => option.id !== choice.locationId)
        .map((option) => ({ label: `Work at ${option.name}`, keywords: ['switch location', 'location'], run: () => choice.setLocationId(option.id) })),
    [choice],
  );
  const mayFindItems = user !== null && can(user, 'view:item');
  const mayFindInvoices = user !== null && can(user, 'view:invoice');
  const mayFindCustomers = user !== null && can(user, 'view:customer');
  // One component per choice of finders, so the palette keeps its finders' state while it is open.
  const Finder = useMemo(
    () =>
      mayFindItems || mayFindInvoices || mayFindCustomers
        ? function FrameFinders(props: PaletteFinderProps) {
            return (
              <Suspense fallback={null}>
                <PaletteFinders {...props} items={mayFindItems} invoices={mayFindInvoices} customers={mayFindCustomers} />
              </Suspense>
            );
          }
        : undefined,
    [mayFindItems, mayFindInvoices, mayFindCustomers],
  );

  useEffect(() => {
    document.title = screenTitle(pathname, allowed);
  }, [pathname, allowed]);

  return (
    <Layout className="sb-x" hasSider>
      <SkipLink />
      <Layout.Sider className="sb-x-sider" theme="light" width={220}>
        <div className="sb-x-brand">
          <Brand to="/x" />
        </div>
        {user && <SectionsNav user={user} selected={selected} />}
      </Layout.Sider>
      <Drawer
        rootClassName="sb-x-nav-drawer"
        placement="left"
        size={280}
        open={drawerOpen}
        onClose={closeDrawer}
        title="Menu"
      >
        <div className="sb-x-drawer-brand">
          <Brand to="/x" onClick={closeDrawer} />
        </div>
        {user && <SectionsNav user={user} selected={selected} onNavigate={closeDrawer} />}
        <div className="sb-x-drawer-theme">
          <span aria-hidden="true">Theme</span>
          <ThemeSwitcher />
        </div>
      </Drawer>
      <Layout className="sb-x-body">
        <Layout.Header className="sb-x-header">
          <button
            type="button"
            className="sb-icon-button sb-x-menu-button"
            aria-label="Menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </button>
          <span className="sb-x-header-brand">
            <Brand to="/x" />
          </span>
          <button
            type="button"
            className="sb-search-button sb-x-search"
            aria-label="Search"
            aria-keyshortcuts="/"
            onClick={togglePalette}
            onPointerEnter={preloadCommandPalette}
            onFocus={preloadCommandPalette}
          >
            <SearchIcon />
            <span className="sb-wide-only">Search...</span>
            <kbd className="sb-wide-only" aria-hidden="true">
              /
            </kbd>
          </button>
          <span className="sb-x-header-gap" />
          <LocationSelector choice={choice} />
          <span className="sb-x-header-theme">
            <ThemeSwitcher />
          </span>
          <UserMenu />
        </Layout.Header>
        {/* antd's Layout.Content is the page's one <main>: the screens and remote slots inside add none. */}
        <Layout.Content id={MAIN_ID} tabIndex={-1} className="sb-x-content sb-x-main">
          {allowed ? <Outlet /> : <NoPermissionPage />}
        </Layout.Content>
      </Layout>
      <CommandPalette
        open={paletteOpen}
        onOpenChange={setPaletteOpen}
        links={links}
        actions={actions}
        locationCommands={locationCommands}
        Finder={Finder}
      />
    </Layout>
  );
}
