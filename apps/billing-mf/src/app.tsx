import { RemotePlaceholder } from '@stockbook/ui';
import { ThemedAntd } from '@stockbook/ui/antd';
import { Alert } from 'antd';

/** The billing section, mounted by the shell at /x/billing/*. */
export default function BillingApp() {
  return (
    <ThemedAntd>
      <RemotePlaceholder remote="billing" version={__APP_VERSION__} title="Billing">
        <p>Invoices, customers, expenses, transfers, transactions and profit and loss.</p>
        <Alert type="info" title="This section is being built." description="Its screens arrive with the next releases." />
      </RemotePlaceholder>
    </ThemedAntd>
  );
}
