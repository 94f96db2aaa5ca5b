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

/**
 * In `npm run dev`, /i and /i/* get the public invoice page's own HTML (public-invoice.html, built
 * on its own by public-invoice.vite.config.ts), as the API serves it from the build.
 */
function devPublicInvoicePage(): Plugin {
  return {
    name: 'stockbook-dev-public-invoice',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/i(\/[^?]*)?(\?|$)/.test(req.url)) req.url = '/public-invoice.html';
        next();
      });
    },
  };
}

export default defineConfig(() => {
  const config = shellConfig({ app: 'shell', port: 4200, extraPlugins: [devRemotesManifest(), devPublicInvoicePage()] });
  return {
    ...config,
    server: { ...config.server, proxy: { '/api': 'http://localhost:3000' } },
  };
});
