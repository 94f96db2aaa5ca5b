import { readFileSync, statSync } from 'node:fs';
import type { ShellRuntimeConfig } from '@stockbook/contracts';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The shell's index.html with the run-time configuration in a meta tag (no inline script,
 * so the content security policy stays strict). Re-read when the file changes on disk.
 */
export class ShellIndex {
  private cached?: { mtimeMs: number; html: string };

  constructor(
    private readonly file: string,
    private readonly config: ShellRuntimeConfig,
  ) {}

  html(): string | undefined {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.file).mtimeMs;
    } catch {
      return undefined;
    }
    if (this.cached?.mtimeMs !== mtimeMs) {
      const meta = `<meta name="stockbook-config" content="${escapeAttribute(JSON.stringify(this.config))}">`;
      const source = readFileSync(this.file, 'utf8');
      this.cached = { mtimeMs, html: source.replace('</head>', `    ${meta}\n  </head>`) };
    }
    return this.cached.html;
  }
}
