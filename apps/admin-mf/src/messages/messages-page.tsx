import { Alert, Button, Divider, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { inboxQueryOptions, sentMessagesQueryOptions, usersQueryOptions } from '@stockbook/api-client';
import type { InboxResponse, ManagedUser } from '@stockbook/contracts';
import { InboxTable } from './inbox-table';
import { SentTable } from './sent-table';
import { SendMessageForm, type Recipient } from './send-message-form';
import { useMessageActions } from './use-messages';
import { errorMessage, Page, QueryState, shellAnnounces, useCurrentUser, useNotify } from '@stockbook/ui/antd';

/**
 * Who one may write to. Administrators pick from the users list; others may not load it
 * (specification, section 6), so they can answer the people who wrote to them.
 */
function recipientsOf(meId: string, users: readonly ManagedUser[] | undefined, inbox: InboxResponse | undefined): Recipient[] {
  const people = new Map<string, string>();
  if (users) {
    for (const user of users) people.set(user._id, `${user.firstName} ${user.lastName} (${user.username})`);
  } else {
    for (const { from } of inbox?.messages ?? []) people.set(from._id, `${from.firstName} ${from.lastName} (${from.username})`);
  }
  people.delete(meId);
  return [...people].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

type MessagesView = 'inbox' | 'sent';

/** The signed-in user's inbox with its unread count, what they sent, and a form to write to a colleague. */
export function MessagesPage() {
  const { user: me, isAdmin } = useCurrentUser();
  const [view, setView] = useState<MessagesView>('inbox');
  const inbox = useQuery(inboxQueryOptions());
  const sent = useQuery({ ...sentMessagesQueryOptions(), enabled: view === 'sent' });
  const users = useQuery({ ...usersQueryOptions(), enabled: isAdmin });
  const { send, markRead } = useMessageActions();
  const notify = useNotify();

  if (!me) return null;
  const recipients = recipientsOf(me._id, isAdmin ? users.data : undefined, inbox.data);
  const unread = inbox.data?.messages.filter((message) => !message.read) ?? [];

  function mark(ids: string[]) {
    markRead.mutate(
      { ids },
      {
        onError: (error) => {
          if (!shellAnnounces(error)) notify({ kind: 'error', title: 'Could not mark read', description: errorMessage(error) });
        },
      },
    );
  }

  return (
    <Page
      remote="admin"
      title="Messages"
      extra={
        unread.length > 0 && (
          <Button onClick={() => mark(unread.map((message) => message._id))} loading={markRead.isPending}>
            Mark all read
          </Button>
        )
      }
    >
      <Tabs
        activeKey={view}
        onChange={(key) => setView(key as MessagesView)}
        items={[
          {
            key: 'inbox',
            label: 'Inbox',
            children: (
              <QueryState query={inbox} what="your messages">
                {(data) => (
                  <>
                    <Typography.Paragraph strong data-testid="unread-count" aria-live="polite">
                      {data.unread === 0 ? 'No unread messages.' : `${data.unread} unread ${data.unread === 1 ? 'message' : 'messages'}.`}
                    </Typography.Paragraph>
                    <InboxTable messages={data.messages} marking={markRead.isPending ? (markRead.variables?.ids ?? []) : []} onMarkRead={mark} />
                  </>
                )}
              </QueryState>
            ),
          },
          {
            key: 'sent',
            label: 'Sent',
            children: (
              <QueryState query={sent} what="the messages you sent">
                {(data) => <SentTable messages={data.messages} />}
              </QueryState>
            ),
          },
        ]}
      />
      <Divider />
      <Typography.Title level={2}>
        Write a message
      </Typography.Title>
      {recipients.length > 0 ? (
        <SendMessageForm
          recipients={recipients}
          onSend={send.mutateAsync}
          onSent={(name) => notify({ kind: 'success', title: `Message sent to ${name}` })}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={isAdmin ? 'There is nobody else to write to yet.' : 'You can reply to people who have written to you.'}
          description={
            isAdmin
              ? 'Add a staff user first.'
              : 'Only the owner and user admins can see the whole staff list, so start a conversation by asking one of them to write to you.'
          }
        />
      )}
    </Page>
  );
}
