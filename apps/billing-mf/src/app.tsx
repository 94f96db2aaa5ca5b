import { lazy, Suspense } from 'react';
import { LoadingIndicator } from '@stockbook/ui';
import { ThemedAntd } from '@stockbook/ui/antd';

// The section's screens load with it (each screen again lazily inside, when first shown).
const BillingSection = lazy(() => import('./billing-section').then((module) => ({ default: module.BillingSection })));

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
