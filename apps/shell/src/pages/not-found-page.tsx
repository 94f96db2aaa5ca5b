import { Link } from 'react-router-dom';

/** Shown for unknown paths under /x and for errors inside its sections. */
export function NotFoundPage() {
  return (
    <section className="sb-error-page" data-testid="not-found">
      <h1>Page not found</h1>
      <p>We could not find what you were looking for. It may have moved, or the link may be wrong.</p>
      <Link to="/x" className="sb-button">
        Back to the dashboard
      </Link>
    </section>
  );
}
