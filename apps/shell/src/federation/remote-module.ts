import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/runtime';
import type { RemoteName } from '@stockbook/contracts';
import { hintRemoteModule, loadRemotesManifest, reRegisterRemote } from './remote-manifest';

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly module: string,
    cause: unknown,
  ) {
    super(`The ${remote} module could not be loaded.`, { cause });
    this.name = 'RemoteLoadError';
  }
}

type AnyComponent = ComponentType<Record<string, unknown>>;

/** Remotes whose last load failed: a retry fetches their entry afresh. */
const unreachable = new Set<RemoteName>();

type RemoteExports = Record<string, unknown> | null | undefined;

/** Loads in flight or done, per `<remote>/<module>`; a failed load is forgotten so Retry refetches. */
const loads = new Map<string, Promise<RemoteExports>>();

function loadRemoteModule(remote: RemoteName, module: string): Promise<RemoteExports> {
  const id = `${remote}/${module.replace(/^\.\//, '')}`;
  let load = loads.get(id);
  if (!load) {
    load = loadRemotesManifest().then(() => loadRemote<Record<string, unknown>>(id));
    load.catch(() => loads.delete(id));
    loads.set(id, load);
  }
  return load;
}

/**
 * Starts fetching a remote module before React asks for it (the page being opened needs it),
 * so its download overlaps the shell's own start instead of following it.
 */
export function preloadRemoteModule(remote: RemoteName, module: string): void {
  hintRemoteModule(remote, module).catch(() => undefined);
  loadRemoteModule(remote, module).catch(() => undefined); // the slot that renders it reports errors
}

/** Loads `<remote>/<module>` and returns one of its exports as a component. */
export async function loadRemoteComponent(remote: RemoteName, module: string, exportName: string): Promise<AnyComponent> {
  let loaded: RemoteExports;
  try {
    loaded = await loadRemoteModule(remote, module);
    unreachable.delete(remote);
  } catch (error) {
    unreachable.add(remote);
    throw new RemoteLoadError(remote, module, error);
  }
  const component = loaded?.[exportName];
  if (typeof component !== 'function' && typeof component !== 'object') {
    throw new RemoteLoadError(remote, module, new Error(`It has no export named "${exportName}".`));
  }
  return component as AnyComponent;
}

const lazyComponents = new Map<string, LazyExoticComponent<AnyComponent>>();

/**
 * One React.lazy per remote module and attempt, created outside render and kept, so a
 * remote is fetched once and a Retry fetches it afresh.
 */
export function remoteLazy(remote: RemoteName, module: string, exportName: string, attempt: number) {
  const key = `${remote}|${module}|${exportName}|${attempt}`;
  let component = lazyComponents.get(key);
  if (!component) {
    component = lazy(async () => {
      if (attempt > 0 && unreachable.has(remote)) await reRegisterRemote(remote, attempt);
      return { default: await loadRemoteComponent(remote, module, exportName) };
    });
    lazyComponents.set(key, component);
  }
  return component;
}
