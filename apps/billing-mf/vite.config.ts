import { defineConfig } from 'vite';
import { remoteConfig } from '../../tools/vite/federation';

export default defineConfig(
  remoteConfig({
    app: 'billing-mf',
    name: 'billing',
    port: 4203,
    usesAntd: true,
    // Where the section opens (src/app.tsx loads it as it starts).
    startModules: ['src/billing-section.tsx', 'src/sale/sale-page.tsx'],
    exposes: { './App': './src/app.tsx', './Diagnostics': './src/diagnostics.tsx', './Widgets': './src/widgets/widgets.tsx' },
  }),
);
