import { LoadingIndicator } from '@stockbook/ui';

/** /loading: what every page shows while its code or data is on the way. */
export function LoadingPage() {
  return (
    <section className="sb-loading-page">
      <LoadingIndicator />
    </section>
  );
}
