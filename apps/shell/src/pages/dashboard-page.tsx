import { Link } from 'react-router-dom';

export function DashboardPage() {
  return (
    <section className="sb-page">
      <h1>Dashboard</h1>
      <p>Pick a section to work in.</p>
      <ul className="sb-link-list">
        <li><Link to="/x/inventory">Inventory</Link></li>
        <li><Link to="/x/billing">Billing</Link></li>
        <li><Link to="/x/admin">Admin</Link></li>
      </ul>
    </section>
  );
}
