import { RemoteDiagnostics } from '@stockbook/ui';

export default function MarketingDiagnostics() {
  return <RemoteDiagnostics name="marketing" version={__APP_VERSION__} />;
}
