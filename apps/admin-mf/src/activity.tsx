import { AdminRoot } from './common/admin-root';
import { ActivityPage } from './activity/activity-page';

/** `./Activity`: the activity log, mounted by the shell at /x/activity. */
export default function ActivityRemote() {
  return (
    <AdminRoot>
      <ActivityPage />
    </AdminRoot>
  );
}
