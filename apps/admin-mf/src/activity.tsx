import { ThemedAntd } from '@stockbook/ui/antd';
import { ActivityPage } from './activity/activity-page';

/** `./Activity`: the activity log, mounted by the shell at /x/activity. */
export default function ActivityRemote() {
  return (
    <ThemedAntd>
      <ActivityPage />
    </ThemedAntd>
  );
}
