import { NavLink, Outlet } from 'react-router-dom';
import { Brand } from './brand';

const SECTIONS = [
  { to: '/x', label: 'Dashboard', end: true },
  { to: '/x/inventory', label: 'Inventory' },
  { to: '/x/billing', label: 'Billing' },
  { to: '/x/admin', label: 'Admin' },
];

/** The signed-in frame under /x: navigation beside the section a remote renders. */
export function AppLayout() {
  return (
    <div className="sb-app">
      <header className="sb-header">
        <div className="sb-header-inner">
          <Brand to="/x" />
          <nav className="sb-nav" aria-label="Sections">
            {SECTIONS.map((section) => (
              <NavLink key={section.to} to={section.to} end={section.end}>
                {section.label}
              </NavLink>
            ))}
          </nav>
        </div>
      </header>
      <main className="sb-main sb-app-main">
        <Outlet />
      </main>
    </div>
  );
}
