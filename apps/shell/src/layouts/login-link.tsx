import { Link } from 'react-router-dom';

/** The public header's way in for a visitor: Sign up (a new shop; on wide screens) and Login. */
export function LoginLink() {
  return (
    <>
      <Link to="/user/registration" className="sb-button sb-wide-only">
        Sign up
      </Link>
      <Link to="/user/login" className="sb-button sb-button-primary">
        Login
      </Link>
    </>
  );
}
