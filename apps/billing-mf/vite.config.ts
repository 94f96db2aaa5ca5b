import { defineConfig } from 'vite';
import { remoteConfig } from '../../tools/vite/federation';

export default defineConfig(
  remoteConfig({
    app: 'billing-mf',
    name: 'billing',
    port: 4203,
    usesAntd: true,
    exposes: { './App': './src/app.tsx', './Diagnostics': './src/diagnostics.tsx', './Widgets': './src/widgets/widgets.tsx' },
  }),
);
