import { RemoteDiagnostics } from '@stockbook/ui';

export default function AdminDiagnostics() {
  return <RemoteDiagnostics name="admin" version={__APP_VERSION__} />;
}
