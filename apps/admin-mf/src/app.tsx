import { ThemedAntd } from '@stockbook/ui/antd';
import { AdminSection } from './admin-section';

/** `./App`: the admin section (users, permissions, business profile), mounted by the shell at /x/admin/*. */
export default function AdminApp() {
  return (
    <ThemedAntd>
      <AdminSection />
    </ThemedAntd>
  );
}
