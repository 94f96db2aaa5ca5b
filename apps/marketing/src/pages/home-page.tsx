import { Link } from 'react-router-dom';
import './marketing.css';

export function HomePage() {
  return (
    <section className="mk-hero" data-remote="marketing">
      <h1>Stockbook</h1>
      <p className="mk-tagline">Stock, sales and books for every shop you run.</p>
      <p className="mk-lead">
        Stockbook manages your inventory, finances and staff in one place. It is cloud-based, realtime and secure, so
        every location sees the same numbers the moment they change.
      </p>
      <Link to="/user/registration" className="mk-cta">
        Get Started
      </Link>
    </section>
  );
}
