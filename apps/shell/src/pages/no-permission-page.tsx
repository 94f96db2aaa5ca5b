import { Link } from 'react-router-dom';

/** Shown for a screen under /x the user's permissions do not open. */
export function NoPermissionPage() {
  return (
    <section className="sb-error-page" data-testid="no-permission">
      <h1>No permission</h1>
      <p>Your account does not have permission to see this. If you need it, ask an administrator of your business.</p>
      <Link to="/x" className="sb-button">
        Back to the dashboard
      </Link>
    </section>
  );
}
