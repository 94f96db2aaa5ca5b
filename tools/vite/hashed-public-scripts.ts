import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** `<script src="/name.js">` of a page, for a plain script of public/ (not a module of the build). */
const PUBLIC_SCRIPT = /(<script\b[^>]*\bsrc=")\/([\w-]+\.js)(")/g;

/** The built name of a public script: its name and the first 8 characters of its content's hash. */
export function hashedName(name: string, source: string): string {
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  return name.replace(/\.js$/, `-${hash}.js`);
}

/**
 * Gives the plain scripts a page names from public/ (theme-boot.js, route-preload.js,
 * public-invoice-prefetch.js) a name that changes with their content, written beside index.html,
 * and points the page at it. The API serves a hashed name as immutable, so a returning visitor's
 * browser runs them from its cache: under their plain names, marked no-cache, each cost a
 * revalidation before the page could go on (theme-boot.js blocks the parser, and the deferred
 * route-preload.js goes before the shell's module), 50 to 100 ms of a warm /x load on this
 * machine while the API answered the page's other requests. The plain copies stay in public/ for
 * a page cached before a deploy. In `npm run dev` nothing changes.
 */
export function hashedPublicScripts(publicDir: string): Plugin {
  const built = new Map<string, { fileName: string; source: string }>();
  const builtName = (name: string) => {
    const known = built.get(name);
    if (known) return known.fileName;
    const file = path.join(publicDir, name);
    if (!existsSync(file)) throw new Error(`hashed public scripts: the page names /${name}, which public/ does not have`);
    const source = readFileSync(file, 'utf8');
    const fileName = hashedName(name, source);
    built.set(name, { fileName, source });
    return fileName;
  };
  return {
    name: 'stockbook-hashed-public-scripts',
    apply: 'build',
    // Its bundle step after vite's HTML step, which runs the rewrite below and so finds the scripts.
    enforce: 'post',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace(PUBLIC_SCRIPT, (_match, start: string, name: string, end: string) => `${start}/${builtName(name)}${end}`),
    },
    generateBundle() {
      for (const { fileName, source } of built.values()) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
