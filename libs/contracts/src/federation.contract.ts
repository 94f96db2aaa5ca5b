import { z } from 'zod';

/** The remotes the shell composes, by federation name. */
export const REMOTE_NAMES = ['marketing', 'inventory', 'billing', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Folder (under /remotes/) and app name of each remote. */
export const REMOTE_APPS: Readonly<Record<RemoteName, string>> = {
  marketing: 'marketing',
  inventory: 'inventory-mf',
  billing: 'billing-mf',
  admin: 'admin-mf',
};

export const RemoteEntrySchema = z.object({
  /** URL of the remote's remoteEntry.js, absolute or relative to the page's origin. */
  entry: z.string().min(1),
  /**
   * Files each exposed module needs before it can run ('./pages' -> scripts and styles, from the
   * remote's mf-manifest.json), and each module an exposed module loads as it starts, by source
   * path ('src/items/items-page.tsx', from its module-preloads.json), when the API serves the
   * remote: the shell fetches them in parallel instead of discovering them one import at a time.
   */
  preload: z.record(z.string(), z.array(z.string())).optional(),
});

/** GET /remotes.json: where each remote lives, read by the shell at run time. */
export const RemotesManifestSchema = z.object({
  remotes: z.partialRecord(z.enum(REMOTE_NAMES), RemoteEntrySchema),
});
export type RemotesManifest = z.infer<typeof RemotesManifestSchema>;

/** Run-time configuration the server hands the shell (a meta tag in index.html). */
export const ShellRuntimeConfigSchema = z.object({
  sentryDsn: z.string().optional(),
  sentryEnvironment: z.string().default('production'),
  docsUrl: z.string().default('/docs'),
  release: z.string().optional(),
});
export type ShellRuntimeConfig = z.infer<typeof ShellRuntimeConfigSchema>;
