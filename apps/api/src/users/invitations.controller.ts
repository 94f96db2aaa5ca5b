import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AcceptInvitationRequestSchema,
  InvitationIdRequestSchema,
  InvitationListResponseSchema,
  InvitationResponseSchema,
  InviteStaffRequestSchema,
  UserDetailsResponseSchema,
  VerifyInvitationQuerySchema,
  VerifyInvitationResponseSchema,
  type InvitationListResponse,
  type InvitationResponse,
  type UserDetailsResponse,
  type VerifyInvitationResponse,
} from '@stockbook/contracts';
import { AdminOnly, Auth, Public, type AuthContext } from '../auth/auth-context';
import { setSessionCookie } from '../auth/session-cookie';
import { Responds } from '../common/openapi/responds';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { LimitPerAddress } from '../rate-limits/limit-per-address';
import { InvitationsService } from './invitations.service';
import { toCurrentUser } from './user.mapper';

class InviteStaffDto extends createZodDto(InviteStaffRequestSchema) {}
class InvitationIdDto extends createZodDto(InvitationIdRequestSchema) {}
class VerifyInvitationQuery extends createZodDto(VerifyInvitationQuerySchema) {}
class AcceptInvitationDto extends createZodDto(AcceptInvitationRequestSchema) {}

/** Inviting staff by e-mail (administrators), and accepting an invitation (the invited person). */
@ApiTags('users')
@Controller()
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @AdminOnly()
  @Get('user/admin/invitations')
  @Responds(InvitationListResponseSchema)
  async list(@Auth() auth: AuthContext): Promise<InvitationListResponse> {
    return { invitations: await this.invitations.list(auth.businessId) };
  }

  @AdminOnly()
  @Post('user/admin/invitations')
  @Responds(InvitationResponseSchema, { errors: [409], description: 'Invited: the link is e-mailed to them.' })
  async invite(@Auth() auth: AuthContext, @Body() body: InviteStaffDto): Promise<InvitationResponse> {
    return { invitation: await this.invitations.invite(auth, body) };
  }

  @AdminOnly()
  @Post('user/admin/invitations/resend')
  @HttpCode(200)
  @Responds(InvitationResponseSchema, { errors: [404], description: 'A new link is e-mailed; the old one stops working.' })
  async resend(@Auth() auth: AuthContext, @Body() body: InvitationIdDto): Promise<InvitationResponse> {
    return { invitation: await this.invitations.resend(auth, body.invitationId) };
  }

  @AdminOnly()
  @Post('user/admin/invitations/revoke')
  @HttpCode(200)
  @Responds(InvitationResponseSchema, { errors: [404], description: 'The link stops working at once.' })
  async revoke(@Auth() auth: AuthContext, @Body() body: InvitationIdDto): Promise<InvitationResponse> {
    return { invitation: await this.invitations.revoke(auth, body.invitationId) };
  }

  @Public()
  @LimitPerAddress('sign-up')
  @Get('verify-invitation')
  @Responds(VerifyInvitationResponseSchema)
  verify(@Query() query: VerifyInvitationQuery): Promise<VerifyInvitationResponse> {
    return this.invitations.verify(query.token);
  }

  @Public()
  @LimitPerAddress('sign-up')
  @Post('user/invitation/accept')
  @HttpCode(200)
  @Responds(UserDetailsResponseSchema, { errors: [409], description: 'Joined: the account is made and the session cookie is set.' })
  async accept(
    @Body() body: AcceptInvitationDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserDetailsResponse> {
    const { user, token } = await this.invitations.accept(body, String(request.headers['user-agent'] ?? ''));
    setSessionCookie(request, reply, token);
    return { user: toCurrentUser(user) };
  }
}
