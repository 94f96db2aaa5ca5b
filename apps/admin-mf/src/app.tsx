import { RemotePlaceholder } from '@stockbook/ui';
import { ThemedAntd } from '@stockbook/ui/antd';
import { Alert } from 'antd';

/** The admin section, mounted by the shell at /x/admin/*. */
export default function AdminApp() {
  return (
    <ThemedAntd>
      <RemotePlaceholder remote="admin" version={__APP_VERSION__} title="Admin">
        <p>Users and their permissions, capital and withdrawals, the business profile, locations and the activity log.</p>
        <Alert type="info" title="This section is being built." description="Its screens arrive with the next releases." />
      </RemotePlaceholder>
    </ThemedAntd>
  );
}
