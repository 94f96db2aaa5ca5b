import { readFileSync, statSync } from 'node:fs';
import { framePlaceholderHtml, screenTitle, type ShellRuntimeConfig } from '@stockbook/contracts';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A built page's HTML: the shell's index.html with the run-time configuration in a meta tag (no
 * inline script, so the content security policy stays strict), or, without `config`, a page that
 * needs none (the public invoice page) as built. Re-read when the file changes on disk.
 */
export class HtmlPage {
  private cached?: { mtimeMs: number; html: string };

  constructor(
    private readonly file: string,
    private readonly config?: ShellRuntimeConfig,
  ) {}

  html(): string | undefined {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.file).mtimeMs;
    } catch {
      return undefined;
    }
    if (this.cached?.mtimeMs !== mtimeMs) {
      const source = readFileSync(this.file, 'utf8');
      if (!this.config) {
        this.cached = { mtimeMs, html: source };
      } else {
        const meta = `<meta name="stockbook-config" content="${escapeAttribute(JSON.stringify(this.config))}">`;
        this.cached = { mtimeMs, html: source.replace('</head>', `    ${meta}\n  </head>`) };
      }
    }
    return this.cached.html;
  }
}

/** Whether a page path is under the signed-in area /x. */
export const isFramePath = (pathname: string) => pathname === '/x' || pathname.startsWith('/x/');

/**
 * The shell's HTML for a page under /x asked by a browser with a session: the frame's placeholder
 * in the root element and the screen's title, so the frame and the screen's name paint from the
 * first bytes instead of once the frame's code, antd and the remote have run (a cold /x/inventory
 * painted nothing for about 1.5 s). The shell draws the same placeholder until the frame is ready.
 * Without a session the page stays empty: the shell sends the visitor to sign in.
 */
export function withFramePlaceholder(html: string, pathname: string): string {
  return html
    .replace('<div id="root"></div>', `<div id="root">${framePlaceholderHtml(pathname)}</div>`)
    .replace('<title>Stockbook</title>', `<title>${escapeAttribute(screenTitle(pathname))}</title>`);
}
