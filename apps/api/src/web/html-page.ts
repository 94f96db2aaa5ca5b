import { readFileSync, statSync } from 'node:fs';
import type { ShellRuntimeConfig } from '@stockbook/contracts';

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
