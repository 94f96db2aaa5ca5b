import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import type { RemoteName } from '@stockbook/contracts';
import { LoadingIndicator, type LazyComponent } from '@stockbook/ui';
import { RemoteLoadError, remoteLazy } from './remote-module';

export interface RemoteSlotProps {
  remote: RemoteName;
  /** Exposed module, e.g. './App'. */
  module: string;
  /** Export to render; 'default' unless the module exposes several. */
  exportName?: string;
  props?: Record<string, unknown>;
  /** Shown while the remote loads (a loading line by default). */
  loading?: ReactNode;
  /** Called once the remote's component is on screen (its code loaded and rendered). */
  onShown?: () => void;
}

/** Renders nothing; tells when the Suspense boundary it sits in has shown its content. */
function Shown({ onShown }: { onShown?: () => void }) {
  useEffect(() => onShown?.(), [onShown]);
  return null;
}

/**
 * The remote's component once its code is in, `loading` until then. Loaded through state rather
 * than by suspending: React 19.2 holds back revealing a Suspense boundary's content until 300 ms
 * after the last fallback it showed (FALLBACK_THROTTLE_MS), which left a loaded screen idle for
 * 150 to 260 ms on every page load (issue 20's traces). A load error is thrown in render, to
 * the slot's error boundary. Suspense inside the remote (its own lazy screens) still works.
 */
function RemoteContent({ component, loading, props, onShown }: { component: LazyComponent<Record<string, unknown>> } & Pick<RemoteSlotProps, 'loading' | 'props' | 'onShown'>) {
  const [loaded, setLoaded] = useState<{ Component?: ComponentType<Record<string, unknown>>; error?: unknown }>(() => ({ Component: component.current() }));
  useEffect(() => {
    if (loaded.Component) return;
    let live = true;
    component.preload().then(
      (Component) => live && setLoaded({ Component }),
      (error: unknown) => live && setLoaded({ error: error ?? new Error('The remote could not be loaded.') }),
    );
    return () => {
      live = false;
    };
  }, [component, loaded.Component]);
  if (loaded.error !== undefined) throw loaded.error;
  const { Component } = loaded;
  if (!Component) return loading;
  return (
    <Suspense fallback={loading}>
      <Component {...props} />
      <Shown onShown={onShown} />
    </Suspense>
  );
}

const REMOTE_TITLES: Record<RemoteName, string> = {
  marketing: 'This page',
  inventory: 'Inventory',
  billing: 'Billing',
  admin: 'Admin',
};

function RemoteFallback({ error, resetErrorBoundary, remote }: FallbackProps & { remote: RemoteName }) {
  const unreachable = error instanceof RemoteLoadError;
  return (
    <section className="sb-remote-fallback" role="alert" data-testid={`remote-fallback-${remote}`}>
      <h2>{REMOTE_TITLES[remote]} {unreachable ? 'could not be loaded' : 'stopped working'}</h2>
      <p>
        {unreachable
          ? 'We could not reach this part of Stockbook. Check your connection and try again; the rest of the app still works.'
          : 'Something went wrong while showing this part of Stockbook. Try again; the rest of the app still works.'}
      </p>
      <button type="button" className="sb-button sb-button-primary" onClick={resetErrorBoundary}>
        Retry
      </button>
    </section>
  );
}

/**
 * A place in the shell where a remote renders: lazy loaded, with a contained fallback and a
 * Retry that fetches the remote afresh. A failing remote never takes the shell down.
 */
export function RemoteSlot({ remote, module, exportName = 'default', props, loading = <LoadingIndicator />, onShown }: RemoteSlotProps) {
  const [slot, setSlot] = useState(() => ({ attempt: 0, Component: remoteLazy(remote, module, exportName, 0) }));
  const { Component } = slot;
  return (
    <ErrorBoundary
      resetKeys={[slot.attempt]}
      onError={(error) => console.error(`[remote ${remote}]`, error, error instanceof Error ? error.cause : undefined)}
      fallbackRender={(fallback) => (
        <RemoteFallback
          {...fallback}
          remote={remote}
          resetErrorBoundary={() => {
            setSlot((current) => ({
              attempt: current.attempt + 1,
              Component: remoteLazy(remote, module, exportName, current.attempt + 1),
            }));
            fallback.resetErrorBoundary();
          }}
        />
      )}
    >
      <RemoteContent key={slot.attempt} component={Component} loading={loading} props={props} onShown={onShown} />
    </ErrorBoundary>
  );
}
