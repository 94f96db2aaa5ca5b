import { ThemedAntd } from '@stockbook/ui/antd';
import { MessagesPage } from './messages/messages-page';

/** `./Messages`: the signed-in user's inbox, mounted by the shell at /x/messages. */
export default function MessagesRemote() {
  return (
    <ThemedAntd>
      <MessagesPage />
    </ThemedAntd>
  );
}
