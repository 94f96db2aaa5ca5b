import { readFileSync } from 'node:fs';
import path from 'node:path';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, type PluginOption, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * One React, one router, one QueryClient, one antd and one shell-context for the shell and
 * every remote. `loaded-first` lets the shell start while a remote is down (STACK.md trap 6).
 */
export const SHARED_SINGLETONS = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-router-dom': { singleton: true, requiredVersion: '^7.0.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
  '@stockbook/shell-context': { singleton: true, requiredVersion: '^0.1.0' },
};

/**
 * antd is a singleton too, declared only by the apps that render it: a remote fetches every
 * shared module it declares when it starts, and antd is ~1.4 MB, so the public pages
 * (shell chrome and marketing, built without antd) must not declare it.
 */
export const SHARED_WITH_ANTD = {
  ...SHARED_SINGLETONS,
  antd: { singleton: true, requiredVersion: '^6.0.0' },
};

const workspaceRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Writes .br and .gz beside every script, style and SVG at build time; the API serves them
 * (`preCompressed`) so browsers download a fraction of the bytes with no compression work per
 * request. index.html is left alone: the API rewrites it with the run-time configuration.
 */
function precompressed(): PluginOption {
  return compression({ include: /\.(js|mjs|css|svg|json)$/, threshold: 1024, algorithms: ['brotliCompress', 'gzip'] });
}

interface AppOptions {
  /** Folder name under apps/ and dist/apps/. */
  app: string;
  /** Port of its own dev server. */
  port: number;
}

function buildVersion(app: string): string {
  const { version } = JSON.parse(readFileSync(path.join(workspaceRoot, 'apps', app, 'package.json'), 'utf8'));
  return process.env.BUILD_ID ? `${version}+${process.env.BUILD_ID}` : version;
}

function baseConfig({ app, port }: AppOptions): UserConfig {
  return {
    root: path.join(workspaceRoot, 'apps', app),
    define: { __APP_VERSION__: JSON.stringify(buildVersion(app)) },
    cacheDir: path.join(workspaceRoot, 'node_modules/.vite', app),
    resolve: { conditions: ['@stockbook/source', ...defaultClientConditions] },
    build: {
      outDir: path.join(workspaceRoot, 'dist/apps', app),
      emptyOutDir: true,
      target: 'es2022',
      reportCompressedSize: false,
      rolldownOptions: {
        output: {
          // Keep antd and its helpers apart, so pages that never render antd never fetch it.
          codeSplitting: {
            groups: [{ name: 'vendor-antd', test: /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/ }],
          },
        },
      },
    },
    server: { port, strictPort: true, origin: `http://localhost:${port}` },
    preview: { port, strictPort: true },
  };
}

interface RemoteOptions extends AppOptions {
  /** Federation name: marketing, inventory, billing, admin. */
  name: string;
  exposes: Record<string, string>;
  /** Whether the remote renders antd (and so shares it). */
  usesAntd: boolean;
  extraPlugins?: UserConfig['plugins'];
}

/** Vite configuration of a remote: served at /remotes/<app>/ by the API. */
export function remoteConfig(options: RemoteOptions): UserConfig {
  const base = baseConfig(options);
  return {
    ...base,
    base: process.env.REMOTE_BASE ?? `/remotes/${options.app}/`,
    plugins: [
      react(),
      federation({
        name: options.name,
        filename: 'remoteEntry.js',
        exposes: options.exposes,
        shared: options.usesAntd ? SHARED_WITH_ANTD : SHARED_SINGLETONS,
        shareStrategy: 'loaded-first',
        dts: false,
        // A remote consumes no other remote, and nobody loads remotes through mf-manifest
        // snapshots: leave both out of its runtime (~20% of its federation code).
        disableRemote: true,
        disableSnapshot: true,
        manifest: true,
      }),
      ...(options.extraPlugins ?? []),
      precompressed(),
    ],
  };
}

/** Vite configuration of the shell: the host that finds its remotes through /remotes.json. */
export function shellConfig(options: AppOptions & { extraPlugins?: UserConfig['plugins'] }): UserConfig {
  const base = baseConfig(options);
  return {
    ...base,
    base: '/',
    plugins: [
      react(),
      federation({
        name: 'shell',
        remotes: {},
        shared: SHARED_SINGLETONS,
        shareStrategy: 'loaded-first',
        dts: false,
        // Remotes are registered from /remotes.json by their remoteEntry.js, never by manifest.
        disableSnapshot: true,
      }),
      ...(options.extraPlugins ?? []),
      precompressed(),
    ],
  };
}
