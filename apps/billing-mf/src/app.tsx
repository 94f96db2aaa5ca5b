import { Suspense } from 'react';
import { lazyExport, LoadingIndicator } from '@stockbook/ui';
import { ThemedAntd } from '@stockbook/ui/antd';

// The section's screens load with it (each screen again lazily inside, when first shown).
const BillingSection = lazyExport(() => import('./billing-section'), 'BillingSection');

// The section, and the new sale (where /x/billing leads those who sell) unless another billing
// screen is open, load with this module, which waits for them: they start at once instead of one
// after the other, each once the one before it rendered, and the first render finds them loaded
// (a screen that suspends inside content just revealed is held back by React until 300 ms after
// the last fallback shown). Loaded ahead from another section (the shell preloads the sections
// when idle), the sale is where Billing opens. The other screens load when first shown. Failures
// are reported where the section and the screen render.
// The sale's module is asked beside the section's, not once the section's has arrived and run.
// The same paths are in apps/shell/public/route-preload.js, which hints this screen's files from
// <head>: change both together.
const saleOpens = !/\/billing\/(?!sale\/?$)./.test(window.location.pathname);
const saleModule = saleOpens ? import('./sale/sale-page').catch(() => undefined) : undefined;
try {
  const { preloadSaleScreen } = await BillingSection.preload().then(() => import('./billing-section'));
  if (saleOpens) await Promise.all([saleModule, preloadSaleScreen()]);
} catch {
  // shown by the section or the screen when it renders
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
