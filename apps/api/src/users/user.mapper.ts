import type { CurrentUser, PermissionEntryDto } from '@stockbook/contracts';
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
