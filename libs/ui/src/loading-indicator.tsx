/** The one loading indicator: a spinner and a polite "Loading…" for screen readers too. */
export function LoadingIndicator({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="sb-loading" role="status" aria-live="polite">
      <span className="sb-spinner" aria-hidden="true" /> {label}
    </div>
  );
}
