import { z } from 'zod';
import { EmailSchema, PasswordSchema, UsernameSchema } from './auth.contract';
import { PermissionEntryInputSchema, PermissionEntrySchema } from './permissions.contract';

/** A person's first or last name: trimmed, required, at most 80 characters. */
export const personName = (label: string) =>
  z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(80, `${label} must be at most 80 characters.`);

/** A user as administrators see them in user/admin/users. */
export const ManagedUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userAdmin: z.boolean(),
  rootUser: z.boolean(),
  locked: z.boolean(),
  permissions: z.array(PermissionEntrySchema),
  createdAt: z.string(),
});
export type ManagedUser = z.infer<typeof ManagedUserSchema>;

export const UserListResponseSchema = z.object({ users: z.array(ManagedUserSchema) });
export type UserListResponse = z.infer<typeof UserListResponseSchema>;
export const ManagedUserResponseSchema = z.object({ user: ManagedUserSchema });
export type ManagedUserResponse = z.infer<typeof ManagedUserResponseSchema>;

/** POST user/admin/users: a staff user (optionally a user admin) with their first permissions. */
export const CreateUserRequestSchema = z.strictObject({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  userAdmin: z.boolean().default(false),
  permissions: z.array(PermissionEntryInputSchema).max(50).default([]),
});
export type CreateUserRequest = z.input<typeof CreateUserRequestSchema>;

const userId = z.string({ error: 'Choose a user.' }).uuid('Choose a user.');

/** PATCH user/admin/update: another user's details; a new password is optional. */
export const AdminUpdateUserRequestSchema = z.strictObject({
  userId,
  firstName: personName('First name').optional(),
  lastName: personName('Last name').optional(),
  username: UsernameSchema.optional(),
  email: EmailSchema.optional(),
  userAdmin: z.boolean().optional(),
  password: PasswordSchema.optional(),
});
export type AdminUpdateUserRequest = z.infer<typeof AdminUpdateUserRequestSchema>;

/** POST user/admin/lock: locks (ending their sessions at once) or unlocks a user. */
export const LockUserRequestSchema = z.strictObject({ userId, locked: z.boolean({ error: 'Say whether to lock or unlock.' }) });
export type LockUserRequest = z.infer<typeof LockUserRequestSchema>;

/** POST user/admin/permissions: replaces a user's permission entries. */
export const SetPermissionsRequestSchema = z.strictObject({ userId, permissions: z.array(PermissionEntryInputSchema).max(50) });
export type SetPermissionsRequest = z.infer<typeof SetPermissionsRequestSchema>;

/** PATCH user/update: one's own profile; a new password needs the current one. */
export const UpdateProfileRequestSchema = z
  .strictObject({
    firstName: personName('First name').optional(),
    lastName: personName('Last name').optional(),
    email: EmailSchema.optional(),
    currentPassword: z.string().max(128).optional(),
    newPassword: PasswordSchema.optional(),
  })
  .refine((value) => !value.newPassword || value.currentPassword, {
    path: ['currentPassword'],
    message: 'Enter your current password to set a new one.',
  });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;
