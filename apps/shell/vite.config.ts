import { defineConfig, type Plugin } from 'vite';
import { REMOTE_APPS, REMOTE_NAMES } from '@stockbook/contracts';
import { shellConfig } from '../../tools/vite/federation';

const REMOTE_DEV_PORTS: Record<string, number> = { marketing: 4201, inventory: 4202, billing: 4203, admin: 4204 };

/** In `npm run dev` the remotes run on their own dev servers; the manifest points at them. */
function devRemotesManifest(): Plugin {
  const manifest = {
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((name) => [
        name,
        { entry: `http://localhost:${REMOTE_DEV_PORTS[name]}/remotes/${REMOTE_APPS[name]}/remoteEntry.js` },
      ]),
    ),
  };
  return {
    name: 'stockbook-dev-remotes-manifest',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/remotes.json', (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(manifest));
      });
    },
  };
}

export default defineConfig(() => {
  const config = shellConfig({ app: 'shell', port: 4200, extraPlugins: [devRemotesManifest()] });
  return {
    ...config,
    server: { ...config.server, proxy: { '/api': 'http://localhost:3000' } },
  };
});
