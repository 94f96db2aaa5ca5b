import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryFailedError } from 'typeorm';
import { AuthErrorCode, type LoginRequest, type Registration } from '@stockbook/contracts';
import { BusinessEntity } from '../business/business.entity';
import { AppError } from '../common/errors/app-error';
import { LocationEntity } from '../locations/location.entity';
import { UserEntity } from '../users/user.entity';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password-hasher';
import { SessionsService } from './sessions.service';

const UNIQUE_VIOLATION = '23505';
const TAKEN: Record<string, AppError> = {
  uq_users_username: new AppError(AuthErrorCode.UsernameTaken, 'That username is taken.', 409, {
    username: ['That username is taken. Choose another.'],
  }),
  uq_users_email: new AppError(AuthErrorCode.EmailTaken, 'That e-mail address already has an account.', 409, {
    email: ['That e-mail address already has an account. Sign in, or use another address.'],
  }),
};

const INVALID_CREDENTIALS = new AppError(
  AuthErrorCode.InvalidCredentials,
  'That username or e-mail and password do not match an account.',
  401,
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
            businessEmail: input.email,
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
    const matches = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDecoy(input.password);
    if (!user || !matches) throw INVALID_CREDENTIALS;
    if (user.lockedAt) {
      throw new AppError(AuthErrorCode.AccountLocked, 'This account is locked. Ask your business administrator to unlock it.', 403);
    }
    return this.dataSource.transaction(async (manager) => {
      const endedSessions = await this.sessions.endAllForUser(user.id, 'signed-in', undefined, manager);
      const { token } = await this.sessions.start(user, userAgent, manager);
      return { user, token, endedSessions };
    });
  }

  logout(sessionId: string): Promise<void> {
    return this.sessions.end(sessionId, 'signed-out');
  }
}

function takenOr(error: unknown): unknown {
  if (error instanceof QueryFailedError) {
    const driverError = error.driverError as { code?: string; constraint?: string };
    if (driverError.code === UNIQUE_VIOLATION && driverError.constraint && TAKEN[driverError.constraint]) {
      return TAKEN[driverError.constraint];
    }
  }
  return error;
}

