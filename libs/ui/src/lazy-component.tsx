import { use, type ComponentType, type FunctionComponent } from 'react';

/** A component whose code loads on first use (or ahead, with `preload`). */
export interface LazyComponent<P extends object> extends FunctionComponent<P> {
  /** Starts loading the code (once); the same promise for every caller until it fails. */
  preload(): Promise<ComponentType<P>>;
  /** The component, when its code has loaded; undefined before. */
  current(): ComponentType<P> | undefined;
}

/**
 * Like React.lazy, except that once its code has loaded (shown before, or `preload`ed while the
 * page was idle) it renders at once instead of suspending. React.lazy suspends on every first
 * mount, even for code already loaded, and React 19 holds back the reveal of a boundary that
 * suspends again inside content just revealed until 300 ms after the previous fallback
 * (FALLBACK_THROTTLE_MS): each nested lazy screen (the remote's slot, the section, the screen)
 * cost up to that much, idle, on a page load and a move in the sidebar (issue 20). `peek` names
 * a component already at hand (a remote module loaded by another path) without waiting.
 * A failed load is forgotten, so the error boundary's retry loads it afresh.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  peek: () => ComponentType<P> | undefined = () => undefined,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const current = () => loaded ?? peek();
  function Lazy(props: P) {
    const Component = current() ?? use(preload());
    return <Component {...props} />;
  }
  return Object.assign(Lazy, { preload, current });
}

/** `lazyComponent` of one named export of a module, e.g. `lazyExport(() => import('./page'), 'Page')`. */
export function lazyExport<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyComponent<M[K] extends ComponentType<infer P> ? P & object : never> {
  return lazyComponent(async () => (await load())[name] as ComponentType<M[K] extends ComponentType<infer P> ? P & object : never>);
}
