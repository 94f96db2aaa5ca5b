import { AdminRoot } from './common/admin-root';
import { AdminSection } from './admin-section';

/** `./App`: the admin section (users, permissions, business profile), mounted by the shell at /x/admin/*. */
export default function AdminApp() {
  return (
    <AdminRoot>
      <AdminSection />
    </AdminRoot>
  );
}
