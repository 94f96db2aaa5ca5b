import { lazy, Suspense } from 'react';
import { LoadingIndicator } from '@stockbook/ui';
import { ThemedAntd } from '@stockbook/ui/antd';

// The section's screens load with it (each screen again lazily inside, when first shown).
const BillingSection = lazy(() => import('./billing-section').then((module) => ({ default: module.BillingSection })));

// The section, and the new sale (where /x/billing leads those who sell) unless another billing
// screen is open, start loading with this module instead of one after the other, each once the one
// before it rendered (the lazy imports then find them loaded or on the way). Loaded ahead from
// another section (the shell preloads the sections when idle), the sale is where Billing opens.
// The other screens load when first shown.
import('./billing-section').catch(() => undefined); // the lazy import reports a failure
if (!/\/billing\/(?!sale\/?$)./.test(window.location.pathname)) {
  import('./sale/sale-page').catch(() => undefined);
}

/** `./App`: the billing section (new sale, invoices, customers), mounted by the shell at /x/billing/*. */
export default function BillingApp() {
  return (
    <ThemedAntd>
      <Suspense fallback={<LoadingIndicator />}>
        <BillingSection />
      </Suspense>
    </ThemedAntd>
  );
}
