import { Link } from 'react-router-dom';

/** The public header's Login button. */
export function LoginLink() {
  return (
    <Link to="/user/login" className="sb-button sb-button-primary">
      Login
    </Link>
  );
}
