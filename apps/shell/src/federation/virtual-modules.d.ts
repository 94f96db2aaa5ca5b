/** Written by tools/vite/shared-antd.ts at build time: a loader per antd export. */
declare module 'virtual:stockbook-shared-antd-provider' {
  export const SHARED_ANTD_KEY: string;
  export const sharedAntd: {
    readonly version: string;
    load(names: readonly string[]): Promise<Record<string, unknown>>;
  };
}

/** Written by tools/vite/shared-imports.ts at build time: [globalThis key, package] to publish. */
declare module 'virtual:stockbook-shared-packages' {
  export const SHARED_PACKAGES: ReadonlyArray<
    readonly [key: string, shared: { readonly version: string; load(names: readonly string[]): Promise<Record<string, unknown>> }]
  >;
}
