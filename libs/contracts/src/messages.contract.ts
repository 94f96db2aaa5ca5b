import { z } from 'zod';

/** Who wrote or received a message. */
export const MessagePartySchema = z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), username: z.string() });
export type MessageParty = z.infer<typeof MessagePartySchema>;

/** A message between staff of one business. */
export const MessageSchema = z.object({
  _id: z.string(),
  from: MessagePartySchema,
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

/** GET user/message: one's own inbox, newest first, with the unread count. */
export const InboxResponseSchema = z.object({ messages: z.array(MessageSchema), unread: z.number().int() });
export type InboxResponse = z.infer<typeof InboxResponseSchema>;

/** A message one sent, with who it went to and whether they have read it. */
export const SentMessageSchema = MessageSchema.extend({ recipient: MessagePartySchema });
export type SentMessage = z.infer<typeof SentMessageSchema>;

/** GET user/message/sent: the messages one sent, newest first. */
export const SentMessagesResponseSchema = z.object({ messages: z.array(SentMessageSchema) });
export type SentMessagesResponse = z.infer<typeof SentMessagesResponseSchema>;

/** POST user/message: to a staff member of the same business. */
export const SendMessageRequestSchema = z.strictObject({
  to: z.string({ error: 'Choose who the message is for.' }).uuid('Choose who the message is for.'),
  subject: z.string().trim().max(200, 'Subject must be at most 200 characters.').default(''),
  body: z.string({ error: 'Write a message.' }).trim().min(1, 'Write a message.').max(5000, 'A message must be at most 5000 characters.'),
});
export type SendMessageRequest = z.input<typeof SendMessageRequestSchema>;

/** POST user/message/read: marks these messages of one's own inbox read. */
export const MarkMessagesReadRequestSchema = z.strictObject({
  ids: z.array(z.string().uuid('Each message must be a message id.')).min(1, 'Choose at least one message.').max(500),
});
export type MarkMessagesReadRequest = z.infer<typeof MarkMessagesReadRequestSchema>;

export const MessageResponseSchema = z.object({ message: MessageSchema });
