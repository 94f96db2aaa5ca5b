import { Link } from 'react-router-dom';
import { useShellSession } from '@stockbook/shell-context';
import { sidebarLinks } from '../access/sections';

/** /x: where a signed-in user lands; links to the sections they may open. */
export function DashboardPage() {
  const { user } = useShellSession();
  const sections = user ? sidebarLinks(user).filter((link) => link.section !== 'dashboard') : [];
  return (
    <section className="sb-page">
      <h1>Dashboard</h1>
      <p>Welcome{user ? `, ${user.firstName}` : ''}. Pick a section to work in.</p>
      {sections.length > 0 ? (
        <ul className="sb-link-list">
          {sections.map((link) => (
            <li key={link.section}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>Your account has no sections yet. Ask an administrator for the permissions you need.</p>
      )}
    </section>
  );
}
