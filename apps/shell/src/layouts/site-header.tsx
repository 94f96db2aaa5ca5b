import { Link, NavLink } from 'react-router-dom';
import { Brand } from './brand';
import { useShell } from '@stockbook/shell-context';

export function SiteHeader() {
  const { config } = useShell();
  return (
    <header className="sb-header">
      <div className="sb-header-inner">
        <Brand to="/" />
        <nav className="sb-nav" aria-label="Main">
          <NavLink to="/" end>
            Home
          </NavLink>
          <NavLink to="/features">Features</NavLink>
          <NavLink to="/pricing">Pricing</NavLink>
          <a href={config.docsUrl} target="_blank" rel="noreferrer">
            Documentation
          </a>
        </nav>
        <Link to="/user/login" className="sb-button sb-button-primary">
          Login
        </Link>
      </div>
    </header>
  );
}
