import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { PermissionAction } from '@stockbook/contracts';
import type { SessionEntity } from './session.entity';
import type { UserEntity } from '../users/user.entity';

/** Who is calling: set on the request by the session guard. */
export interface AuthContext {
  readonly user: UserEntity;
  readonly session: SessionEntity;
  readonly businessId: string;
}

export const ACCESS_METADATA = 'stockbook:access';

/** How a handler may be reached: by anyone, by any signed-in user, or with a permission. */
export type Access = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'permission'; action: PermissionAction } | { kind: 'admin' };

/** Open to anyone (sign-in, sign-up, the public invoice). */
export const Public = () => SetMetadata(ACCESS_METADATA, { kind: 'public' } satisfies Access);
/** Any signed-in user (their own details, profile, messages). */
export const SignedIn = () => SetMetadata(ACCESS_METADATA, { kind: 'signed-in' } satisfies Access);
/** Signed-in users holding `action` (at some location; services check the location). */
export const RequirePermission = (action: PermissionAction) =>
  SetMetadata(ACCESS_METADATA, { kind: 'permission', action } satisfies Access);
/** Root users and user admins only. */
export const AdminOnly = () => SetMetadata(ACCESS_METADATA, { kind: 'admin' } satisfies Access);

export interface RequestWithAuth {
  auth?: AuthContext;
}

/** The caller, in a handler behind a non-public access rule. */
export const Auth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext => {
  const request = context.switchToHttp().getRequest<RequestWithAuth>();
  if (!request.auth) throw new Error('@Auth() used on a handler without a signed-in access rule.');
  return request.auth;
});
