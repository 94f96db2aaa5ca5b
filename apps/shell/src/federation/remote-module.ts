import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/runtime';
import type { RemoteName } from '@stockbook/contracts';
import { loadRemotesManifest, reRegisterRemote } from './remote-manifest';

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

/** Loads `<remote>/<module>` and returns one of its exports as a component. */
export async function loadRemoteComponent(remote: RemoteName, module: string, exportName: string): Promise<AnyComponent> {
  let loaded: Record<string, unknown> | null | undefined;
  try {
    await loadRemotesManifest();
    loaded = await loadRemote<Record<string, unknown>>(`${remote}/${module.replace(/^\.\//, '')}`);
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
