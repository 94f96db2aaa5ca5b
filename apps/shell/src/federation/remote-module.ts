import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/runtime';
import type { RemoteName } from '@stockbook/contracts';
import { lazyComponent, type LazyComponent } from '@stockbook/ui';
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
/** The modules loaded, per `<remote>/<module>`: a slot for one renders at once. */
const loadedModules = new Map<string, RemoteExports>();

const moduleId = (remote: RemoteName, module: string) => `${remote}/${module.replace(/^\.\//, '')}`;

function loadRemoteModule(remote: RemoteName, module: string): Promise<RemoteExports> {
  const id = moduleId(remote, module);
  let load = loads.get(id);
  if (!load) {
    load = loadRemotesManifest().then(() => loadRemote<Record<string, unknown>>(id));
    load.then(
      (exports) => loadedModules.set(id, exports),
      () => loads.delete(id),
    );
    loads.set(id, load);
  }
  return load;
}

/** The export `exportName` of a loaded module as a component; a RemoteLoadError when it is none. */
function componentOf(remote: RemoteName, module: string, exports: RemoteExports, exportName: string): AnyComponent {
  const component = exports?.[exportName];
  if (typeof component !== 'function' && typeof component !== 'object') {
    throw new RemoteLoadError(remote, module, new Error(`It has no export named "${exportName}".`));
  }
  return component as AnyComponent;
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
  return componentOf(remote, module, loaded, exportName);
}

const lazyComponents = new Map<string, LazyComponent<Record<string, unknown>>>();

/**
 * One lazy component per remote module and attempt, created outside render and kept, so a
 * remote is fetched once and a Retry fetches it afresh. A module already loaded (preloaded for
 * the page, or by the sections' idle preload) renders at once, without suspending.
 */
export function remoteLazy(remote: RemoteName, module: string, exportName: string, attempt: number) {
  const key = `${remote}|${module}|${exportName}|${attempt}`;
  let component = lazyComponents.get(key);
  if (!component) {
    const id = moduleId(remote, module);
    component = lazyComponent(
      async () => {
        if (attempt > 0 && unreachable.has(remote)) await reRegisterRemote(remote, attempt);
        return loadRemoteComponent(remote, module, exportName);
      },
      () => (attempt === 0 && loadedModules.has(id) ? componentOf(remote, module, loadedModules.get(id), exportName) : undefined),
    );
    lazyComponents.set(key, component);
  }
  return component;
}
