import { defineConfig } from 'vite';
import { remoteConfig } from '../../tools/vite/federation';

export default defineConfig(
  remoteConfig({
    app: 'inventory-mf',
    name: 'inventory',
    port: 4202,
    usesAntd: true,
    // Where the section opens (src/app.tsx loads it as it starts).
    startModules: ['src/items/items-page.tsx'],
    exposes: { './App': './src/app.tsx', './Diagnostics': './src/diagnostics.tsx', './Widgets': './src/widgets/widgets.tsx' },
  }),
);
