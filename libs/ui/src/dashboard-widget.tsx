import { useId, type ReactNode } from 'react';
import type { PermissionAction } from '@stockbook/contracts';
import { useOptionalShellSession } from '@stockbook/shell-context';
import { LoadingIndicator } from './loading-indicator';
import { useCan } from './antd/use-can';

/** What a widget shows from one query: the fields of TanStack Query's result it reads. */
export interface WidgetLoad {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly error: Error | null;
  refetch(): unknown;
}

export interface DashboardWidgetProps {
  /** The widget's heading (an h2 under the dashboard's h1), e.g. 'Low stock'. */
  title: string;
  /** A link beside the heading to the screen the figures come from. */
  more?: ReactNode;
  /** The query the body needs: a spinner while pending, an error with Try again. */
  load: WidgetLoad;
  children?: ReactNode;
}

/**
 * One widget of the dashboard at /x, rendered by the remote that owns its data in a slot of its
 * own (plain React and the shell's CSS, so the dashboard needs no antd). Each handles its own
 * loading and error, so a failed call costs one widget, never the page.
 */
export function DashboardWidget({ title, more, load, children }: DashboardWidgetProps) {
  const headingId = useId();
  return (
    <section className="sb-widget" aria-labelledby={headingId}>
      <div className="sb-widget-head">
        <h2 id={headingId}>{title}</h2>
        {more}
      </div>
      {load.isPending ? (
        <LoadingIndicator />
      ) : load.isError ? (
        <div className="sb-widget-error" role="alert">
          <p>
            {title} could not be loaded{load.error?.message ? `: ${load.error.message}` : '.'}
          </p>
          <button type="button" className="sb-button" onClick={() => load.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        children
      )}
    </section>
  );
}

export interface WidgetListProps<T> {
  items: readonly T[];
  /** Said instead of an empty list ('No invoices yet.'). */
  empty: string;
  /** One row: an <li> with its key. */
  row: (item: T) => ReactNode;
  /** A last row after the items ('and 3 more'). */
  more?: ReactNode;
  testId?: string;
}

/** A widget's rows, or a line saying there are none. */
export function WidgetList<T>({ items, empty, row, more, testId }: WidgetListProps<T>) {
  if (items.length === 0) return <p className="sb-widget-empty">{empty}</p>;
  return (
    <ul className="sb-widget-list" data-testid={testId}>
      {items.map(row)}
      {more}
    </ul>
  );
}

/** Where a widget reads: the frame's working location when one is chosen, else every location the user may see. */
export interface WidgetScope {
  /** Whether the user holds the widget's actions there (at any location when none is chosen). */
  readonly allowed: boolean;
  /** The `locations` to ask for: the working location, or undefined for all of the user's. */
  readonly locations: string[] | undefined;
}

/**
 * The scope of a dashboard widget that needs `actions`: the header's working location when one
 * is chosen (the widget shows nothing if the user may not do them there), else all the locations
 * where the user may (the API limits an unfiltered read to those).
 */
export function useWidgetScope(...actions: readonly PermissionAction[]): WidgetScope {
  const can = useCan();
  const working = useOptionalShellSession()?.locationId ?? undefined;
  return {
    allowed: actions.every((action) => can(action, working)),
    locations: working ? [working] : undefined,
  };
}
