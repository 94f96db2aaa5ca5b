import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { AdminUpdateUserRequest, CreateUserRequestSchema, ManagedUser, PermissionEntryDto } from '@stockbook/contracts';
import type { AuthContext } from '../auth/auth-context';
import { hashPassword } from '../auth/password-hasher';
import { SessionsService } from '../auth/sessions.service';
import { AppError } from '../common/errors/app-error';
import { LiveEventsService } from '../live/live-events.service';
import { WritePath, type Written } from '../writes/write-path.service';
import { USER_TAKEN } from './user-conflicts';
import { UserEntity } from './user.entity';
import { toManagedUser } from './user.mapper';

type NewUser = z.output<typeof CreateUserRequestSchema>;

const fullName = (user: UserEntity) => `${user.firstName} ${user.lastName} (${user.username})`;

/** User administration for root users and user admins: staff accounts, locks and permissions. */
@Injectable()
export class UsersAdminService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
    private readonly live: LiveEventsService,
    private readonly writes: WritePath,
  ) {}

  async list(businessId: string): Promise<ManagedUser[]> {
    const users = await this.dataSource.getRepository(UserEntity).find({ where: { businessId }, order: { createdAt: 'ASC' } });
    return users.map(toManagedUser);
  }

  async create(auth: AuthContext, input: NewUser): Promise<ManagedUser> {
    const passwordHash = await hashPassword(input.password);
    return this.write(auth, async (manager) => {
      await assertLocationsInBusiness(manager, auth.businessId, input.permissions);
      const user = await manager.save(
        manager.create(UserEntity, {
          businessId: auth.businessId,
          username: input.username,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          rootUser: false,
          userAdmin: input.userAdmin,
          permissions: input.permissions,
        }),
      );
      return { value: user, action: 'Created', description: `Created user ${fullName(user)}${user.userAdmin ? ' as a user admin' : ''}` };
    });
  }

  async update(auth: AuthContext, input: AdminUpdateUserRequest): Promise<ManagedUser> {
    const { userId, password, ...fields } = input;
    const passwordHash = password ? await hashPassword(password) : undefined;
    return this.write(auth, async (manager) => {
      const user = await this.target(manager, auth, userId);
      if (fields.userAdmin !== undefined && fields.userAdmin !== user.userAdmin) {
        if (user.id === auth.user.id) throw AppError.validation({ userAdmin: ['You cannot change your own admin rights.'] });
        if (user.rootUser) throw AppError.validation({ userAdmin: ['The business owner is always an administrator.'] });
      }
      Object.assign(user, fields);
      if (passwordHash) user.passwordHash = passwordHash;
      const saved = await manager.save(user);
      if (passwordHash && user.id !== auth.user.id) {
        const ended = await this.sessions.endAllForUser(user.id, 'password-reset', undefined, manager);
        await this.live.publish({ sessionIds: ended }, { event: 'logout', data: 'password-reset' }, manager);
      }
      await this.live.publish({ userId: user.id }, { event: 'invalidate', data: ['user'] }, manager);
      return { value: saved, action: 'Updated', description: `Updated user ${fullName(saved)}${passwordHash ? ' and set a new password' : ''}` };
    });
  }

  /** Locking ends the user's open sessions at once and tells their screens (`logout`: locked). */
  async lock(auth: AuthContext, userId: string, locked: boolean): Promise<ManagedUser> {
    return this.write(auth, async (manager) => {
      const user = await this.target(manager, auth, userId);
      if (user.id === auth.user.id) throw AppError.validation({ userId: ['You cannot lock your own account.'] });
      if (user.rootUser) throw AppError.forbidden('The business owner cannot be locked.');
      if (locked === (user.lockedAt !== null)) return { value: user, unchanged: true };
      user.lockedAt = locked ? new Date() : null;
      const saved = await manager.save(user);
      if (locked) {
        await this.sessions.endAllForUser(user.id, 'locked', undefined, manager);
        await this.live.publish({ userId: user.id }, { event: 'logout', data: 'locked' }, manager);
      }
      return { value: saved, action: 'Updated', description: `${locked ? 'Locked' : 'Unlocked'} user ${fullName(saved)}` };
    });
  }

  /** Replaces the user's permission entries; their open screens reload their user data. */
  async setPermissions(auth: AuthContext, userId: string, permissions: PermissionEntryDto[]): Promise<ManagedUser> {
    return this.write(auth, async (manager) => {
      const user = await this.target(manager, auth, userId);
      await assertLocationsInBusiness(manager, auth.businessId, permissions);
      user.permissions = permissions;
      const saved = await manager.save(user);
      await this.live.publish({ userId: user.id }, { event: 'invalidate', data: ['user'] }, manager);
      const actions = permissions.reduce((sum, entry) => sum + entry.action.length, 0);
      return {
        value: saved,
        action: 'Updated',
        description: `Set the permissions of ${fullName(saved)}: ${permissions.length} ${permissions.length === 1 ? 'entry' : 'entries'}, ${actions} actions`,
      };
    });
  }

  /** A user of the caller's business (404 otherwise); only the owner may change the owner. */
  private async target(manager: EntityManager, auth: AuthContext, userId: string): Promise<UserEntity> {
    const user = await manager
      .getRepository(UserEntity)
      .findOne({ where: { id: userId, businessId: auth.businessId }, lock: { mode: 'pessimistic_write' } });
    if (!user) throw AppError.notFound('No such user in your business.');
    if (user.rootUser && !auth.user.rootUser) throw AppError.forbidden("Only the business owner can change the owner's account.");
    return user;
  }

  private async write(auth: AuthContext, work: (manager: EntityManager) => Promise<Written<UserEntity>>): Promise<ManagedUser> {
    const user = await this.writes.write(auth, { entity: 'User', changes: ['users'], conflicts: USER_TAKEN }, work);
    // Committed: this process reads the user's sessions afresh at once (others hear it from PostgreSQL).
    this.sessions.forgetUser(user.id);
    return toManagedUser(user);
  }
}

/** Every location a permission entry names must be one of the business's. */
export async function assertLocationsInBusiness(manager: EntityManager, businessId: string, entries: readonly PermissionEntryDto[]) {
  const named = [...new Set(entries.flatMap((entry) => entry.locations))];
  if (named.length === 0) return;
  const rows = (await manager.query(`SELECT id FROM locations WHERE business_id = $1 AND id = ANY($2::uuid[])`, [
    businessId,
    named,
  ])) as { id: string }[];
  const known = new Set(rows.map((row) => row.id));
  const fieldErrors: Record<string, string[]> = {};
  entries.forEach((entry, index) => {
    if (entry.locations.some((id) => !known.has(id))) {
      fieldErrors[`permissions.${index}.locations`] = ['Choose locations of your business.'];
    }
  });
  if (Object.keys(fieldErrors).length) throw AppError.validation(fieldErrors);
}
