import { defineConfig } from 'vite';
import { remoteConfig } from '../../tools/vite/federation';

export default defineConfig(
  remoteConfig({
    app: 'admin-mf',
    name: 'admin',
    port: 4204,
    usesAntd: true,
    // Where the shell mounts each: see README.md.
    exposes: {
      './App': './src/app.tsx',
      './Locations': './src/locations.tsx',
      './Activity': './src/activity.tsx',
      './Messages': './src/messages.tsx',
      './Profile': './src/profile.tsx',
      './Diagnostics': './src/diagnostics.tsx',
    },
  }),
);
