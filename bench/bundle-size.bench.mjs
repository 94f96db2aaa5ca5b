// What a browser must download before the shell can start, and each remote's entry, in gzip.
// Reads the built files (run `npm run build` first; `npm run bench` does not build).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/apps');
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

function shellInitialScripts() {
  const html = readFileSync(path.join(dist, 'shell/index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]);
  return [...new Set(refs)].map((ref) => path.join(dist, 'shell', ref));
}

export default async function bundleSize() {
  if (!existsSync(path.join(dist, 'shell/index.html'))) {
    console.log('skipped: the product is not built (run npm run build)');
    return;
  }
  const initial = shellInitialScripts();
  const initialBytes = initial.reduce((sum, file) => sum + gz(file), 0);
  console.log(`shell initial JavaScript (index.html scripts and modulepreloads, ${initial.length} files): ${kib(initialBytes)} gzip`);
  for (const app of ['marketing', 'inventory-mf', 'billing-mf', 'admin-mf']) {
    const entry = path.join(dist, app, 'remoteEntry.js');
    const assets = path.join(dist, app, 'assets');
    const total = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + gz(path.join(assets, file)), 0);
    console.log(`${app}: remoteEntry.js ${kib(gz(entry))} gzip (${kib(statSync(entry).size)} raw); all its JS ${kib(total)} gzip`);
  }
}
