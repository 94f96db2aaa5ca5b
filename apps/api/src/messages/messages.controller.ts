import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  MarkMessagesReadRequestSchema,
  SendMessageRequestSchema,
  type InboxResponse,
  type Message,
  InboxResponseSchema,
  MessageResponseSchema,
  SentMessagesResponseSchema,
  type SentMessagesResponse,
} from '@stockbook/contracts';
import { Auth, SignedIn, type AuthContext } from '../auth/auth-context';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { MessagesService } from './messages.service';
import { Responds } from '../common/openapi/responds';

class SendMessageDto extends createZodDto(SendMessageRequestSchema) {}
class MarkReadDto extends createZodDto(MarkMessagesReadRequestSchema) {}

@ApiTags('messages')
@Controller('user/message')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @SignedIn()
  @Get()
  @Responds(InboxResponseSchema)
  inbox(@Auth() auth: AuthContext): Promise<InboxResponse> {
    return this.messages.inbox(auth);
  }

  /** What the caller sent (their Sent view). */
  @SignedIn()
  @Get('sent')
  @Responds(SentMessagesResponseSchema)
  sent(@Auth() auth: AuthContext): Promise<SentMessagesResponse> {
    return this.messages.sent(auth);
  }

  @SignedIn()
  @Post()
  @Responds(MessageResponseSchema, { errors: [404] })
  async send(@Auth() auth: AuthContext, @Body() body: SendMessageDto): Promise<{ message: Message }> {
    return { message: await this.messages.send(auth, body) };
  }

  @SignedIn()
  @Post('read')
  @HttpCode(200)
  @Responds(InboxResponseSchema)
  markRead(@Auth() auth: AuthContext, @Body() body: MarkReadDto): Promise<InboxResponse> {
    return this.messages.markRead(auth, body.ids);
  }
}
