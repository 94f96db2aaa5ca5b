/**
 * Whether this browser was signed in when last seen (localStorage; the session cookie itself is
 * httpOnly). The public pages ask user/details only when it is set: a visitor who is not signed
 * in then sends no request the API must refuse, and the browser logs no 401 on the home page.
 * A stale hint (the session ended elsewhere) costs one 401, after which it is cleared.
 */
const HINT_KEY = 'stockbook-signed-in';

export function hasSessionHint(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return false; // storage blocked: the public pages show Login
  }
}

export function setSessionHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // storage blocked: nothing to remember
  }
}
