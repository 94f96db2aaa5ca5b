import { z } from 'zod';
import { EmailSchema, PasswordSchema, UsernameSchema } from './auth.contract';
import { PermissionEntryInputSchema, PermissionEntrySchema } from './permissions.contract';
import { personName } from './users.contract';

/** How long an invitation's link works, from when it was last sent. */
export const INVITATION_DAYS = 7;

export { InvitationErrorCode } from './error-codes';

export const INVALID_INVITATION_MESSAGE = 'This invitation is invalid, used or has expired. Ask your administrator to send a new one.';

/** POST user/admin/invitations: e-mails someone a link to join the business with these rights. */
export const InviteStaffRequestSchema = z.strictObject({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: EmailSchema,
  userAdmin: z.boolean().default(false),
  permissions: z.array(PermissionEntryInputSchema).max(50).default([]),
});
export type InviteStaffRequest = z.input<typeof InviteStaffRequestSchema>;

/** An invitation not yet accepted or revoked, as administrators see it. */
export const StaffInvitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userAdmin: z.boolean(),
  permissions: z.array(PermissionEntrySchema),
  /** `expired` once its link no longer works: resend it or revoke it. */
  status: z.enum(['pending', 'expired']),
  sentAt: z.string(),
  expiresAt: z.string(),
  invitedBy: z.string(),
});
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>;

export const InvitationListResponseSchema = z.object({ invitations: z.array(StaffInvitationSchema) });
export type InvitationListResponse = z.infer<typeof InvitationListResponseSchema>;
export const InvitationResponseSchema = z.object({ invitation: StaffInvitationSchema });
export type InvitationResponse = z.infer<typeof InvitationResponseSchema>;

/** POST user/admin/invitations/resend and .../revoke: one of the business's open invitations. */
export const InvitationIdRequestSchema = z.strictObject({
  invitationId: z.string({ error: 'Choose an invitation.' }).uuid('Choose an invitation.'),
});
export type InvitationIdRequest = z.infer<typeof InvitationIdRequestSchema>;

const InvitationTokenSchema = z
  .string({ error: 'The invitation link is incomplete.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, INVALID_INVITATION_MESSAGE);

/** GET verify-invitation?token=...: who the invitation is for and from which business, while it works. */
export const VerifyInvitationQuerySchema = z.strictObject({ token: InvitationTokenSchema });
export const VerifyInvitationResponseSchema = z.object({
  businessName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type VerifyInvitationResponse = z.infer<typeof VerifyInvitationResponseSchema>;

/** POST user/invitation/accept: the invited person's own username and password; signs them in. */
export const AcceptInvitationRequestSchema = z.strictObject({
  token: InvitationTokenSchema,
  username: UsernameSchema,
  password: PasswordSchema,
});
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequestSchema>;
