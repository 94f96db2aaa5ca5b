import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { InboxResponse, Message, MessageParty, SentMessage, SentMessagesResponse } from '@stockbook/contracts';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import { LiveEventsService } from '../live/live-events.service';

/** How many messages a list shows: the newest. */
const LIST_SIZE = 200;

interface MessageRow {
  id: string;
  to_user_id: string;
  subject: string;
  body: string;
  read_at: Date | null;
  created_at: Date;
  from_id: string;
  from_first_name: string;
  from_last_name: string;
  from_username: string;
  to_first_name: string;
  to_last_name: string;
  to_username: string;
}

/** Messages between staff of one business; each user reads only their own inbox and what they sent. */
@Injectable()
export class MessagesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly live: LiveEventsService,
  ) {}

  async send(auth: AuthContext, input: { to: string; subject: string; body: string }): Promise<Message> {
    if (input.to === auth.user.id) throw AppError.validation({ to: ['Choose someone other than yourself.'] });
    return this.dataSource.transaction(async (manager) => {
      const [recipient] = (await manager.query(`SELECT id FROM users WHERE id = $1 AND business_id = $2`, [
        input.to,
        auth.businessId,
      ])) as { id: string }[];
      if (!recipient) throw AppError.notFound('No such user in your business.');
      const [{ id }] = (await manager.query(
        `INSERT INTO messages (business_id, from_user_id, to_user_id, subject, body) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [auth.businessId, auth.user.id, recipient.id, input.subject, input.body],
      )) as { id: string }[];
      // The recipient's inbox and the sender's Sent list (in every tab of theirs) reload.
      await this.live.publish({ userId: recipient.id }, { event: 'invalidate', data: ['messages'] }, manager);
      await this.live.publish({ userId: auth.user.id }, { event: 'invalidate', data: ['messages'] }, manager);
      const [row] = await this.rows(manager, 'm.id = $1', [id]);
      return toMessage(row!);
    });
  }

  async inbox(auth: AuthContext): Promise<InboxResponse> {
    const messages = await this.rows(this.dataSource.manager, 'm.to_user_id = $1 ORDER BY m.created_at DESC, m.id DESC LIMIT ' + LIST_SIZE, [
      auth.user.id,
    ]);
    const [{ unread }] = (await this.dataSource.query(
      `SELECT count(*)::int AS unread FROM messages WHERE to_user_id = $1 AND read_at IS NULL`,
      [auth.user.id],
    )) as { unread: number }[];
    return { messages: messages.map(toMessage), unread };
  }

  /** What one sent, newest first, with whom it went to and whether they have read it. */
  async sent(auth: AuthContext): Promise<SentMessagesResponse> {
    const rows = await this.rows(this.dataSource.manager, 'm.from_user_id = $1 ORDER BY m.created_at DESC, m.id DESC LIMIT ' + LIST_SIZE, [
      auth.user.id,
    ]);
    return { messages: rows.map(toSentMessage) };
  }

  /** Marks messages of one's own inbox read; ids of others' messages change nothing. */
  async markRead(auth: AuthContext, ids: readonly string[]): Promise<InboxResponse> {
    await this.dataSource.transaction(async (manager) => {
      const marked = (await manager.query(
        `UPDATE messages SET read_at = now() WHERE to_user_id = $1 AND id = ANY($2::uuid[]) AND read_at IS NULL RETURNING from_user_id`,
        [auth.user.id, ids],
      )) as [{ from_user_id: string }[], number];
      // The reader's inbox, and each sender's Sent list (which shows whether it was read).
      const senders = new Set(marked[0].map((row) => row.from_user_id));
      for (const userId of [auth.user.id, ...senders]) {
        await this.live.publish({ userId }, { event: 'invalidate', data: ['messages'] }, manager);
      }
    });
    return this.inbox(auth);
  }

  private rows(manager: DataSource['manager'], where: string, parameters: unknown[]): Promise<MessageRow[]> {
    return manager.query(
      `SELECT m.id, m.to_user_id, m.subject, m.body, m.read_at, m.created_at,
              f.id AS from_id, f.first_name AS from_first_name, f.last_name AS from_last_name, f.username AS from_username,
              t.first_name AS to_first_name, t.last_name AS to_last_name, t.username AS to_username
         FROM messages m JOIN users f ON f.id = m.from_user_id JOIN users t ON t.id = m.to_user_id
        WHERE ${where}`,
      parameters,
    ) as Promise<MessageRow[]>;
  }
}

function toMessage(row: MessageRow): Message {
  const from: MessageParty = { _id: row.from_id, firstName: row.from_first_name, lastName: row.from_last_name, username: row.from_username };
  return {
    _id: row.id,
    from,
    to: row.to_user_id,
    subject: row.subject,
    body: row.body,
    read: row.read_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}

function toSentMessage(row: MessageRow): SentMessage {
  const recipient: MessageParty = { _id: row.to_user_id, firstName: row.to_first_name, lastName: row.to_last_name, username: row.to_username };
  return { ...toMessage(row), recipient };
}
