/** Where sign-in pages send someone who is (or becomes) signed in, unless told otherwise. */
export const SIGNED_IN_HOME = '/x';
export const LOGIN_PATH = '/user/login';
export const REDIRECT_PARAM = 'redirect';

/**
 * A `?redirect=` target, only when it is a path of the signed-in area on this site: never
 * another origin (`//evil`, `https://...`), never outside /x.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target) return SIGNED_IN_HOME;
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return SIGNED_IN_HOME;
  const pathname = target.split(/[?#]/, 1)[0];
  if (pathname !== '/x' && !pathname.startsWith('/x/')) return SIGNED_IN_HOME;
  return target;
}

/** The sign-in page, remembering where the visitor was going (the dashboard needs no note). */
export function loginPathFor(location: { pathname: string; search?: string; hash?: string }): string {
  const target = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  if (target === SIGNED_IN_HOME || target === `${SIGNED_IN_HOME}/`) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: target })}`;
}
