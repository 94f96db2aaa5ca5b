import { readFileSync } from 'node:fs';
import path from 'node:path';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, parseAst, type ConfigEnv, type PluginOption, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { chunkReport } from './chunk-report';
import { scopeAntdLinks } from './antd-links';
import { hashedPublicScripts } from './hashed-public-scripts';
import { modulePreloads } from './module-preloads';
import { routePreloads } from './route-preload';
import { consumeSharedAntd, provideSharedAntd } from './shared-antd';
import { consumeSharedBig, SHARED_BIG } from './shared-big';
import { provideSharedPackages, sharedExportsId, type Parse } from './shared-imports';
import { consumeSharedZod, SHARED_ZOD } from './shared-zod';

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
 * antd is a singleton too, but not through `shared` in builds: the shell provides it a component
 * at a time and remotes' builds load from it (./shared-antd.ts). On a remote's own dev server
 * (and in `npm run dev`) antd is shared among the remotes this way, declared only by the remotes
 * that render it (a remote fetches every shared module it declares when it starts).
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
export function precompressed(): PluginOption {
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

const ANTD_MODULES = /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/;

type CodeSplittingGroups = Array<{ name: string; test: RegExp | ((id: string) => boolean); minShareCount?: number; priority?: number }>;

/**
 * The antd components of the signed-in frame and of a typical screen (a table with filters,
 * row actions, confirmations, messages), with all they import: one chunk (~200 KiB) rather than
 * some fifty small ones, each of which costs its response headers (~0.9 KiB here). Measured on a
 * cold /x/inventory: 694 KiB in 93 files with per-component chunks, 614 KiB in 50 with this.
 * Other components (date pickers, uploads, trees, drawers, descriptions...) stay a chunk each,
 * fetched by the screen or dialog that first shows them.
 */
const ANTD_COMMON = new RegExp(
  `[\\\\/]node_modules[\\\\/]antd[\\\\/]es[\\\\/](${[
    'config-provider', 'app', 'theme', 'layout', 'menu', 'badge', 'button', 'dropdown', 'select', 'modal', 'typography',
    'space', 'table', 'input', 'tag', 'tooltip', 'spin', 'empty', 'alert', 'popconfirm', 'popover', 'form', 'grid',
    'message', 'notification', 'pagination', 'checkbox', 'radio', '_util', 'locale', 'style',
  ].join('|')})[\\\\/]`,
);

/** How many of the shell's chunks must use an antd module for it to go in `antd-core`. */
const ANTD_CORE_SHARE_COUNT = 8;

function baseConfig({ app, port }: AppOptions, groups: CodeSplittingGroups): UserConfig {
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
      rolldownOptions: { output: { codeSplitting: { groups } } },
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
  /**
   * Lazy modules an exposed module loads itself as it starts (the screen a section opens on), by
   * source path: with the exposed modules, their files are listed for /remotes.json (./module-preloads.ts).
   */
  startModules?: string[];
  extraPlugins?: UserConfig['plugins'];
}

/**
 * Vite configuration of a remote: served at /remotes/<app>/ by the API. Its build takes antd
 * from the shell (./shared-antd.ts); its dev server bundles antd, shared among the remotes.
 */
export function remoteConfig(options: RemoteOptions): (env: ConfigEnv) => UserConfig {
  return ({ command }) => {
    const built = command === 'build';
    const base = baseConfig(options, []);
    return {
      ...base,
      base: process.env.REMOTE_BASE ?? `/remotes/${options.app}/`,
      plugins: [
        react(),
        federation({
          name: options.name,
          filename: 'remoteEntry.js',
          exposes: options.exposes,
          shared: options.usesAntd && !built ? SHARED_WITH_ANTD : SHARED_SINGLETONS,
          shareStrategy: 'loaded-first',
          dts: false,
          // A remote consumes no other remote, and nobody loads remotes through mf-manifest
          // snapshots: leave both out of its runtime (~20% of its federation code).
          disableRemote: true,
          disableSnapshot: true,
          manifest: true,
          // Built, a remote runs on the shell's federation runtime instead of bringing its own
          // (~15 KiB a remote); its own dev server has no shell, so it keeps its own there.
          experiments: { externalRuntime: built },
        }),
        consumeSharedAntd(parseAst as Parse),
        consumeSharedZod(parseAst as Parse),
        consumeSharedBig(parseAst as Parse),
        modulePreloads([...Object.values(options.exposes).map((source) => source.replace(/^\.\//, '')), ...(options.startModules ?? [])]),
        ...(options.extraPlugins ?? []),
        precompressed(),
        chunkReport(),
      ],
    };
  };
}

/** Vite configuration of the shell: the host that finds its remotes through /remotes.json. */
export function shellConfig(options: AppOptions & { extraPlugins?: UserConfig['plugins'] }): UserConfig {
  // antd is loaded a component at a time by the frame, the sign-in pages and the remotes (see
  // ./shared-antd.ts): the common components in one chunk, what the other components share in
  // another, and each other component's own code in a chunk of its own.
  const base = baseConfig(options, [
    { name: 'antd-common', test: (id: string) => ANTD_COMMON.test(id), priority: 2 },
    { name: 'antd-core', test: ANTD_MODULES, minShareCount: ANTD_CORE_SHARE_COUNT, priority: 1 },
  ]);
  return {
    ...base,
    base: '/',
    css: { postcss: { plugins: [scopeAntdLinks()] } },
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
        // Publishes the runtime for the remotes' builds (experiments.externalRuntime above).
        experiments: { provideExternalRuntime: true },
      }),
      provideSharedAntd(),
      provideSharedPackages([SHARED_ZOD, SHARED_BIG]),
      // The signed-in frame, and the antd loaders, antd's stylesheet and the shared packages every
      // remote screen waits for, hinted from <head> on /x pages (apps/shell/public/route-preload.js).
      routePreloads([
        {
          prefix: '/x',
          modules: ['src/frame/x-route.tsx', 'virtual:stockbook-shared-antd-loaders', ...[SHARED_ZOD, SHARED_BIG].map((p) => sharedExportsId(p.packageName))],
          assets: ['antd/dist/antd.css'],
        },
        // The dashboard, /x itself: its page (the router loads it beside the frame, once the
        // shell's entry has run: about 60 ms later than from <head> on a warm load).
        { prefix: '/x', exact: true, modules: ['src/pages/dashboard-page.tsx'] },
      ]),
      hashedPublicScripts(path.join(workspaceRoot, 'apps', options.app, 'public')),
      ...(options.extraPlugins ?? []),
      precompressed(),
      chunkReport(),
    ],
  };
}
