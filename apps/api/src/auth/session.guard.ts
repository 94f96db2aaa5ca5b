import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AuthErrorCode, CommonErrorCode } from '@stockbook/contracts';
import { AppError } from '../common/errors/app-error';
import { assertCan } from './assert-can';
import { ACCESS_METADATA, type Access, type RequestWithAuth } from './auth-context';
import { isCrossSiteWrite } from './cross-site';
import { readSessionCookie } from './session-cookie';
import { ADDRESS_LIMIT_METADATA } from '../rate-limits/limit-per-address';
import { RateLimitsService, type AddressLimitedRoute } from '../rate-limits/rate-limits.service';
import { SessionsService } from './sessions.service';

/**
 * Runs before every handler: refuses cross-site writes, counts public auth calls per address,
 * resolves the session cookie, counts the session's calls, and applies the handler's declared
 * access rule. A handler without one is refused: every endpoint
 * must say who may call it.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimitsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!access) {
      throw new AppError(CommonErrorCode.Internal, 'This endpoint does not declare who may call it.');
    }
    const request = context.switchToHttp().getRequest<FastifyRequest & RequestWithAuth>();
    if (isCrossSiteWrite(request)) {
      throw new AppError(AuthErrorCode.CrossSiteRequest, 'Requests from other sites are not accepted.');
    }
    const addressLimit = this.reflector.get<AddressLimitedRoute | undefined>(ADDRESS_LIMIT_METADATA, context.getHandler());
    if (addressLimit) await this.limits.address(addressLimit, request.ip);
    if (access.kind === 'public') return true;

    const token = readSessionCookie(request);
    const resolved = token ? await this.sessions.resolve(token) : null;
    if (!resolved) throw new AppError(CommonErrorCode.Unauthenticated, 'Sign in to continue.');
    request.auth = { user: resolved.user, session: resolved.session, businessId: resolved.user.businessId };
    await this.limits.session(resolved.session.id);

    if (access.kind === 'admin') assertCan(resolved.user, 'admin');
    if (access.kind === 'permission') assertCan(resolved.user, access.action);
    return true;
  }
}
