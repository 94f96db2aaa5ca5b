import { screenHeading } from './screens';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The class of the placeholder's outer element (the shell renders the same element around the body). */
export const FRAME_PLACEHOLDER_CLASS = 'sb-boot';

/**
 * What the signed-in frame looks like before its code has run, as HTML: the sidebar and header
 * bars with the logo, and the page's heading when the path tells it, over a loading line (the
 * heading is drawn, not marked up as one: the page's own h1 arrives with the page). The
 * API puts it in index.html for a page under /x asked with a session cookie, so the browser
 * paints the frame and the screen's name from the first bytes; the shell shows the same markup
 * (./screens.ts: one table) while the frame's code and the session load, so nothing flashes when
 * React takes the page over. Styles: .sb-boot in the shell's global.css.
 */
export function framePlaceholderBody(pathname: string): string {
  const heading = screenHeading(pathname);
  const brand = '<a class="sb-brand" href="/x"><img src="/logo.svg" alt="" width="28" height="28"><span>Stockbook</span></a>';
  return (
    `<div class="sb-boot-sider"><div class="sb-x-brand">${brand}</div></div>` +
    '<div class="sb-boot-body">' +
    `<div class="sb-boot-header"><span class="sb-boot-header-brand">${brand}</span></div>` +
    '<main class="sb-x-main">' +
    (heading ? `<div class="sb-page-head"><div class="sb-page-title">${escapeHtml(heading)}</div></div>` : '') +
    '<div class="sb-loading" role="status" aria-live="polite"><span class="sb-spinner" aria-hidden="true"></span> Loading…</div>' +
    '</main></div>'
  );
}

/** The whole placeholder element, as the API sends it inside the shell's root element. */
export function framePlaceholderHtml(pathname: string): string {
  return `<div class="${FRAME_PLACEHOLDER_CLASS}" aria-busy="true">${framePlaceholderBody(pathname)}</div>`;
}
