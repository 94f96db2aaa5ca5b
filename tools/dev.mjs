#!/usr/bin/env node
// `npm run dev`: every app on its own Vite dev server with hot reload (shell on :4200, which
// proxies /api to the API and serves a /remotes.json pointing at the remotes' dev servers),
// the API rebuilt and restarted on change (:3000), the Node libs recompiled on change.
import path from 'node:path';
import concurrently from 'concurrently';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const vite = (app) => ({ name: app, command: `${bin('vite')} --config apps/${app}/vite.config.ts`, cwd: root });

const { result } = concurrently(
  [
    { name: 'libs', command: `${bin('tsc')} -b libs/domain/tsconfig.lib.json libs/contracts/tsconfig.lib.json --watch --preserveWatchOutput` },
    { name: 'api-build', command: `${bin('tsc')} -p apps/api/tsconfig.app.json --watch --preserveWatchOutput` },
    {
      name: 'api',
      command: `sleep 6 && node --watch-path=dist/apps/api dist/apps/api/main.js`,
      env: { NODE_ENV: 'development', SERVE_WEB: 'false' },
    },
    vite('shell'),
    vite('marketing'),
    vite('inventory-mf'),
    vite('billing-mf'),
    vite('admin-mf'),
  ].map((command) => ({ cwd: root, ...command })),
  { prefix: 'name', killOthersOn: ['failure'], restartTries: 0 },
);
result.catch(() => process.exit(1));
