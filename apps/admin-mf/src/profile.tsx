import { ThemedAntd } from '@stockbook/ui/antd';
import { ProfilePage } from './profile/profile-page';

/** `./Profile`: one's own profile and password, mounted by the shell at /x/profile. */
export default function ProfileRemote() {
  return (
    <ThemedAntd>
      <ProfilePage />
    </ThemedAntd>
  );
}
