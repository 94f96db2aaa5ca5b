import { AdminRoot } from './common/admin-root';
import { ProfilePage } from './profile/profile-page';

/** `./Profile`: one's own profile and password, mounted by the shell at /x/profile. */
export default function ProfileRemote() {
  return (
    <AdminRoot>
      <ProfilePage />
    </AdminRoot>
  );
}
