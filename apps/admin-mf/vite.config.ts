import { defineConfig } from 'vite';
import { remoteConfig } from '../../tools/vite/federation';

export default defineConfig(
  remoteConfig({
    app: 'admin-mf',
    name: 'admin',
    port: 4204,
    usesAntd: true,
    exposes: { './App': './src/app.tsx', './Diagnostics': './src/diagnostics.tsx' },
  }),
);
