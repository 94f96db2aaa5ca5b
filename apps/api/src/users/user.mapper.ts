import type { CurrentUser, ManagedUser, PermissionEntryDto } from '@stockbook/contracts';
import type { UserEntity } from './user.entity';

/** The signed-in user as the API shows it (never the entity, never the password hash). */
export function toCurrentUser(user: UserEntity): CurrentUser {
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userAdmin: user.userAdmin,
    rootUser: user.rootUser,
    permissions: user.permissions as PermissionEntryDto[],
    businessId: user.businessId,
  };
}

/** A user as administrators see them in the users list. */
export function toManagedUser(user: UserEntity): ManagedUser {
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userAdmin: user.userAdmin,
    rootUser: user.rootUser,
    locked: user.lockedAt !== null,
    permissions: user.permissions as PermissionEntryDto[],
    createdAt: user.createdAt.toISOString(),
  };
}
