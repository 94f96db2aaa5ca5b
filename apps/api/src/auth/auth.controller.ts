import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  LoginRequestSchema,
  PasswordResetRequestSchema,
  RegisterRequestSchema,
  RequestPasswordResetSchema,
  RequestUsernameSchema,
  VerifyTokenQuerySchema,
  type MessageResponseBody,
  type VerifyTokenResponse,
  VerifyUsernameQuerySchema,
  type UserDetailsResponse,
  type VerifyUsernameResponse,
  MessageResponseBodySchema,
  UserDetailsResponseSchema,
  VerifyTokenResponseSchema,
  VerifyUsernameResponseSchema,
} from '@stockbook/contracts';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { toCurrentUser } from '../users/user.mapper';
import { Auth, Public, SignedIn, type AuthContext } from './auth-context';
import { LimitPerAddress } from '../rate-limits/limit-per-address';
import { AuthService } from './auth.service';
import { PasswordResetService } from './password-reset.service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { Responds } from '../common/openapi/responds';

class RegisterDto extends createZodDto(RegisterRequestSchema) {}
class LoginDto extends createZodDto(LoginRequestSchema) {}
class VerifyUsernameQuery extends createZodDto(VerifyUsernameQuerySchema) {}
class RequestUsernameDto extends createZodDto(RequestUsernameSchema) {}
class RequestPasswordResetDto extends createZodDto(RequestPasswordResetSchema) {}
class VerifyTokenQuery extends createZodDto(VerifyTokenQuerySchema) {}
class PasswordResetDto extends createZodDto(PasswordResetRequestSchema) {}

const userAgentOf = (request: FastifyRequest) => String(request.headers['user-agent'] ?? '');

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwordReset: PasswordResetService,
  ) {}

  @Public()
  @LimitPerAddress('sign-up')
  @Get('verify-username')
  @Responds(VerifyUsernameResponseSchema)
  async verifyUsername(@Query() query: VerifyUsernameQuery): Promise<VerifyUsernameResponse> {
    return { available: await this.auth.isUsernameFree(query.username) };
  }

  @Public()
  @LimitPerAddress('sign-up')
  @Post('user/register')
  @Responds(UserDetailsResponseSchema, { errors: [409] })
  async register(
    @Body() body: RegisterDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserDetailsResponse> {
    const { user, token } = await this.auth.register(body, userAgentOf(request));
    setSessionCookie(request, reply, token);
    return { user: toCurrentUser(user) };
  }

  @Public()
  @LimitPerAddress('sign-in')
  @Post('user/login')
  @HttpCode(200)
  @Responds(UserDetailsResponseSchema, { errors: [401, 403], description: 'Signed in: the session cookie is set.' })
  async login(
    @Body() body: LoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserDetailsResponse> {
    const { user, token } = await this.auth.login(body, userAgentOf(request));
    setSessionCookie(request, reply, token);
    return { user: toCurrentUser(user) };
  }

  @SignedIn()
  @Post('user/logout')
  @HttpCode(200)
  @Responds(MessageResponseBodySchema)
  async logout(
    @Auth() auth: AuthContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ message: string }> {
    await this.auth.logout(auth.session.id);
    clearSessionCookie(request, reply);
    return { message: 'Signed out.' };
  }

  @SignedIn()
  @Get('user/details')
  @Responds(UserDetailsResponseSchema)
  details(@Auth() auth: AuthContext): UserDetailsResponse {
    return { user: toCurrentUser(auth.user) };
  }

  @Public()
  @LimitPerAddress('forgotten-details')
  @Post('user/request/username')
  @HttpCode(200)
  @Responds(MessageResponseBodySchema)
  async requestUsername(@Body() body: RequestUsernameDto): Promise<MessageResponseBody> {
    return { message: await this.passwordReset.sendUsername(body.email) };
  }

  @Public()
  @LimitPerAddress('forgotten-details')
  @Post('user/request/password-reset')
  @HttpCode(200)
  @Responds(MessageResponseBodySchema)
  async requestPasswordReset(@Body() body: RequestPasswordResetDto): Promise<MessageResponseBody> {
    return { message: await this.passwordReset.sendResetLink(body.email) };
  }

  @Public()
  @LimitPerAddress('forgotten-details')
  @Get('verify-token')
  @Responds(VerifyTokenResponseSchema)
  verifyToken(@Query() query: VerifyTokenQuery): Promise<VerifyTokenResponse> {
    return this.passwordReset.verify(query.token);
  }

  @Public()
  @LimitPerAddress('forgotten-details')
  @Post('user/password-reset')
  @HttpCode(200)
  @Responds(MessageResponseBodySchema)
  async resetPassword(@Body() body: PasswordResetDto): Promise<MessageResponseBody> {
    return { message: await this.passwordReset.reset(body.token, body.password) };
  }
}
