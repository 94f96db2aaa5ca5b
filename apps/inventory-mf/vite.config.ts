import { defineConfig } from 'vite';
import { remoteConfig } from '../../tools/vite/federation';

export default defineConfig(
  remoteConfig({
    app: 'inventory-mf',
    name: 'inventory',
    port: 4202,
    usesAntd: true,
    exposes: { './App': './src/app.tsx', './Diagnostics': './src/diagnostics.tsx', './Widgets': './src/widgets/widgets.tsx' },
  }),
);
