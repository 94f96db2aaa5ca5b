import { RemoteDiagnostics } from '@stockbook/ui';

export default function InventoryDiagnostics() {
  return <RemoteDiagnostics name="inventory" version={__APP_VERSION__} />;
}
