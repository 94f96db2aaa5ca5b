import { Link } from 'react-router-dom';

/** Logo and product name, linking home (the public home, or the dashboard inside /x). */
export function Brand({ to }: { to: string }) {
  return (
    <Link to={to} className="sb-brand">
      <img src="/logo.svg" alt="" width={28} height={28} />
      <span>Stockbook</span>
    </Link>
  );
}
