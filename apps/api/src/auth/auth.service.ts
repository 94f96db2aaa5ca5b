import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthErrorCode, type LoginRequest, type Registration } from '@stockbook/contracts';
import { BusinessEntity } from '../business/business.entity';
import { AppError } from '../common/errors/app-error';
import { LocationEntity } from '../locations/location.entity';
import { UserEntity } from '../users/user.entity';
import { takenOr } from '../users/user-conflicts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password-hasher';
import { LiveEventsService } from '../live/live-events.service';
import { RateLimitsService } from '../rate-limits/rate-limits.service';
import { SessionEntity } from './session.entity';
import { SessionsService } from './sessions.service';

const INVALID_CREDENTIALS = new AppError(
  AuthErrorCode.InvalidCredentials,
  'That username or e-mail and password do not match an account.',
);

export interface StartedSession {
  user: UserEntity;
  token: string;
}

/** Sign-up, sign-in and sign-out. */
@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimitsService,
    private readonly live: LiveEventsService,
  ) {}

  async isUsernameFree(username: string): Promise<boolean> {
    const taken = await this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .where('lower(user.username) = lower(:username)', { username })
      .getExists();
    return !taken;
  }

  /** Creates the business, its first location and its root user together, and signs them in. */
  async register(input: Registration, userAgent: string): Promise<StartedSession> {
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const business = await manager.save(
          manager.create(BusinessEntity, {
            businessName: input.businessName,
            currency: input.currency,
            inventoryValuationMethod: input.inventoryValuationMethod,
            businessAddress: input.businessAddress,
            contactNumber: input.contactNumber,
            businessEmail: input.businessEmail || input.email,
            timeZone: input.timeZone,
          }),
        );
        await manager.save(manager.create(LocationEntity, { businessId: business.id, name: input.locationName }));
        const user = await manager.save(
          manager.create(UserEntity, {
            businessId: business.id,
            username: input.username,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash,
            rootUser: true,
            userAdmin: true,
            permissions: [],
          }),
        );
        const { token } = await this.sessions.start(user, userAgent, manager);
        return { user, token };
      });
    } catch (error) {
      throw takenOr(error);
    }
  }

  /** Signs in by username or e-mail; the user's other sessions end (they are told: signed-in). */
  async login(input: LoginRequest, userAgent: string): Promise<StartedSession & { endedSessions: string[] }> {
    const user = await this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('lower(user.username) = lower(:name) OR lower(user.email) = lower(:name)', { name: input.username })
      .getOne();
    // Failed sign-ins count per account (or per name tried, when there is none) toward a lockout.
    const account = user?.id ?? input.username;
    await this.limits.takeSignInAttempt(account);
    const matches = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDecoy(input.password);
    if (!user || !matches) throw INVALID_CREDENTIALS; // the attempt stays counted
    await this.limits.clearFailedSignIns(account);
    if (user.lockedAt) {
      throw new AppError(AuthErrorCode.AccountLocked, 'This account is locked. Ask your business administrator to unlock it.');
    }
    const signedIn = await this.dataSource.transaction(async (manager) => {
      const endedSessions = await this.sessions.endAllForUser(user.id, 'signed-in', undefined, manager);
      await this.live.publish({ sessionIds: endedSessions }, { event: 'logout', data: 'signed-in' }, manager);
      const { token } = await this.sessions.start(user, userAgent, manager);
      return { user, token, endedSessions };
    });
    this.sessions.forgetUser(user.id);
    return signedIn;
  }

  async logout(sessionId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(SessionEntity).update({ id: sessionId }, { endedAt: new Date(), endReason: 'signed-out' });
      await this.live.publish({ sessionIds: [sessionId] }, { event: 'logout', data: 'signed-out' }, manager);
    });
    this.sessions.forgetSession(sessionId);
  }
}
