import { Link } from 'react-router-dom';
import type { CurrentUser, RemoteName } from '@stockbook/contracts';
import { can, canSeeCosts } from '@stockbook/domain';
import { useShellSession } from '@stockbook/shell-context';
import { sidebarLinks } from '../access/sections';
import { RemoteSlot } from '../federation/remote-slot';
import { GettingStarted } from './getting-started';

/** A widget of the dashboard: an export of a remote's `./Widgets`, and who it is for. */
interface DashboardWidgetSlot {
  readonly remote: RemoteName;
  readonly exportName: string;
  /** Whether the widget may show anything to this user (it checks again at the working location). */
  readonly shows: (user: CurrentUser) => boolean;
}

/**
 * The dashboard's widgets in their order (issue 15 point 9), each from the remote that owns its data.
 * A user none of them is for loads no remote here.
 */
export const DASHBOARD_WIDGETS: readonly DashboardWidgetSlot[] = [
  { remote: 'billing', exportName: 'TodayMoneyWidget', shows: (user) => can(user, 'view:report') },
  { remote: 'inventory', exportName: 'LowStockWidget', shows: (user) => can(user, 'view:item') },
  { remote: 'billing', exportName: 'RecentInvoicesWidget', shows: (user) => can(user, 'view:invoice') },
  { remote: 'billing', exportName: 'PendingTransfersWidget', shows: (user) => can(user, 'view:transfer') },
  { remote: 'billing', exportName: 'Last30DaysWidget', shows: (user) => can(user, 'view:report') && canSeeCosts(user) },
];

/**
 * /x: where a signed-in user lands. The sections they may open, and the widgets their permissions
 * allow, each in a slot of its own: a remote that fails to load costs its widgets, not the page.
 */
export function DashboardPage() {
  const { user } = useShellSession();
  const sections = user ? sidebarLinks(user).filter((link) => link.section !== 'dashboard') : [];
  const widgets = user ? DASHBOARD_WIDGETS.filter((widget) => widget.shows(user)) : [];
  return (
    <section className="sb-page sb-dashboard">
      <h1>Dashboard</h1>
      <p>Welcome{user ? `, ${user.firstName}` : ''}. Pick a section to work in.</p>
      {user && <GettingStarted user={user} />}
      {sections.length > 0 ? (
        <ul className="sb-link-list sb-dashboard-links">
          {sections.map((link) => (
            <li key={link.section}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>Your account has no sections yet. Ask an administrator for the permissions you need.</p>
      )}
      {widgets.length > 0 && (
        <div className="sb-dashboard-grid">
          {widgets.map((widget) => (
            <div key={widget.exportName} className="sb-dashboard-slot" data-widget={widget.exportName}>
              <RemoteSlot remote={widget.remote} module="./Widgets" exportName={widget.exportName} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
