import { RemotePlaceholder } from '@stockbook/ui';

/** The billing section, mounted by the shell at /x/billing/*. */
export default function BillingApp() {
  return (
    <RemotePlaceholder remote="billing" version={__APP_VERSION__} title="Billing">
      <p>Invoices, customers, expenses, transfers, transactions and profit and loss.</p>
    </RemotePlaceholder>
  );
}
