import { Link } from 'react-router-dom';

/** Logo and product name, linking home (the public home, or the dashboard inside /x). */
export function Brand({ to, onClick }: { to: string; onClick?: () => void }) {
  return (
    <Link to={to} className="sb-brand" onClick={onClick}>
      <img src="/logo.svg" alt="" width={28} height={28} />
      <span>Stockbook</span>
    </Link>
  );
}
