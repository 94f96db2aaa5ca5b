import { defineConfig } from 'vite';
import { remoteConfig } from '../../tools/vite/federation';
import { markdownAsHtml } from '../../tools/vite/markdown';

export default defineConfig(
  remoteConfig({
    app: 'marketing',
    name: 'marketing',
    port: 4201,
    usesAntd: false,
    exposes: { './pages': './src/pages/index.ts', './Diagnostics': './src/diagnostics.tsx' },
    extraPlugins: [markdownAsHtml()],
  }),
);
