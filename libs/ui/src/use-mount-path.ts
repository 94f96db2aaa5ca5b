import { useLocation, useParams } from 'react-router-dom';

/**
 * Where a section remote is mounted (`/x/admin` in the shell, `` on its own dev server).
 * Relative links inside a splat route resolve against the whole URL, so the base is worked
 * out once: the path without the part the mount's `*` matched.
 */
export function useMountPath(): string {
  const { pathname } = useLocation();
  const rest = useParams()['*'];
  const base = rest === undefined ? '' : pathname.slice(0, pathname.length - rest.length);
  return base.replace(/\/+$/, '');
}
