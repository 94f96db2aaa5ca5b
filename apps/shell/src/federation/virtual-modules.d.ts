/** Written by tools/vite/shared-antd.ts at build time: a loader per antd export. */
declare module 'virtual:stockbook-shared-antd-provider' {
  export const SHARED_ANTD_KEY: string;
  export const sharedAntd: {
    readonly version: string;
    load(names: readonly string[]): Promise<Record<string, unknown>>;
  };
}

/** Written by tools/vite/shared-zod.ts at build time: zod's z, as the members the remotes use. */
declare module 'virtual:stockbook-shared-zod-provider' {
  export const SHARED_ZOD_KEY: string;
  export const sharedZod: {
    readonly version: string;
    load(names: readonly string[]): Promise<Record<string, unknown>>;
  };
}
