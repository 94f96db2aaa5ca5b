import { Link } from 'react-router-dom';

export function SiteFooter() {
  return (
    <footer className="sb-footer">
      <p>© 2024 Stockbook</p>
      <nav aria-label="Legal">
        <Link to="/terms-and-conditions">Terms and conditions</Link>
        <Link to="/privacy-policy">Privacy policy</Link>
      </nav>
    </footer>
  );
}
