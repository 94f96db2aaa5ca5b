import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthErrorCode, type CurrentUser, type UpdateProfileRequest } from '@stockbook/contracts';
import type { AuthContext } from '../auth/auth-context';
import { hashPassword, verifyPassword } from '../auth/password-hasher';
import { SessionsService } from '../auth/sessions.service';
import { AppError } from '../common/errors/app-error';
import { LiveEventsService } from '../live/live-events.service';
import { takenOr } from './user-conflicts';
import { UserEntity } from './user.entity';
import { toCurrentUser } from './user.mapper';

/** One's own profile: names, e-mail, and the password (with the current one). */
@Injectable()
export class ProfileService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
    private readonly live: LiveEventsService,
  ) {}

  async update(auth: AuthContext, input: UpdateProfileRequest): Promise<CurrentUser> {
    const { currentPassword, newPassword, ...fields } = input;
    let passwordHash: string | undefined;
    if (newPassword) {
      const stored = await this.dataSource
        .getRepository(UserEntity)
        .createQueryBuilder('user')
        .addSelect('user.passwordHash')
        .where('user.id = :id', { id: auth.user.id })
        .getOneOrFail();
      if (!(await verifyPassword(stored.passwordHash, currentPassword ?? ''))) {
        throw new AppError(AuthErrorCode.WrongCurrentPassword, 'Your current password is not right.', {
          currentPassword: ['Your current password is not right.'],
        });
      }
      passwordHash = await hashPassword(newPassword);
    }
    try {
      const updated = await this.dataSource.transaction(async (manager) => {
        const user = await manager.getRepository(UserEntity).findOneByOrFail({ id: auth.user.id });
        Object.assign(user, fields);
        if (passwordHash) user.passwordHash = passwordHash;
        const saved = await manager.save(user);
        if (passwordHash) {
          // A new password signs out every other device; this one stays.
          const ended = await this.sessions.endAllForUser(user.id, 'password-changed', auth.session.id, manager);
          await this.live.publish({ sessionIds: ended }, { event: 'logout', data: 'password-changed' }, manager);
        }
        await this.live.publish({ userId: user.id }, { event: 'invalidate', data: ['user'] }, manager);
        await this.live.invalidate(auth.businessId, ['users'], manager);
        return toCurrentUser(saved);
      });
      // Committed: this process reads the user's sessions afresh at once (others hear it from PostgreSQL).
      this.sessions.forgetUser(auth.user.id);
      return updated;
    } catch (error) {
      throw takenOr(error);
    }
  }
}
