import { RemoteDiagnostics } from '@stockbook/ui';

export default function BillingDiagnostics() {
  return <RemoteDiagnostics name="billing" version={__APP_VERSION__} />;
}
