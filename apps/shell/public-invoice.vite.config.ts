import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { chunkReport } from '../../tools/vite/chunk-report';
import { precompressed } from '../../tools/vite/federation';
import { hashedPublicScripts } from '../../tools/vite/hashed-public-scripts';

const workspaceRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The public invoice page's own build (public-invoice.html + src/public-invoice/main.tsx), run
 * after the shell's into the same dist/apps/shell. A build of its own because
 * @module-federation/vite rewrites every HTML file of the build it is in to start the federation
 * runtime first: here there is no federation, router, TanStack Query, Sentry or antd, only
 * react-dom and the page.
 */
export default defineConfig({
  root: import.meta.dirname,
  cacheDir: path.join(workspaceRoot, 'node_modules/.vite/shell-public-invoice'),
  resolve: { conditions: ['@stockbook/source', ...defaultClientConditions] },
  base: '/',
  // The shell's build has copied public/ (theme-boot.js, logo.svg) already.
  publicDir: false,
  plugins: [react(), hashedPublicScripts(path.join(import.meta.dirname, 'public')), precompressed(), chunkReport()],
  build: {
    outDir: path.join(workspaceRoot, 'dist/apps/shell'),
    // Runs second: the shell's files stay.
    emptyOutDir: false,
    target: 'es2022',
    reportCompressedSize: false,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: path.join(import.meta.dirname, 'public-invoice.html') },
  },
});
