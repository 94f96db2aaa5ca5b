import { RemotePlaceholder } from '@stockbook/ui';

/** The admin section, mounted by the shell at /x/admin/*. */
export default function AdminApp() {
  return (
    <RemotePlaceholder remote="admin" version={__APP_VERSION__} title="Admin">
      <p>Users and their permissions, capital and withdrawals, the business profile, locations and the activity log.</p>
    </RemotePlaceholder>
  );
}
