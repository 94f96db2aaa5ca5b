import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import {
  INVALID_INVITATION_MESSAGE,
  INVITATION_DAYS,
  InvitationErrorCode,
  invalidatedBy,
  presetOf,
  type AcceptInvitationRequest,
  type InviteStaffRequestSchema,
  type PermissionEntryDto,
  type StaffInvitation,
  type VerifyInvitationResponse,
} from '@stockbook/contracts';
import { ActivityService } from '../activity/activity.service';
import type { AuthContext } from '../auth/auth-context';
import { hashPassword } from '../auth/password-hasher';
import { SessionsService } from '../auth/sessions.service';
import type { StartedSession } from '../auth/auth.service';
import { AppError } from '../common/errors/app-error';
import { LiveEventsService } from '../live/live-events.service';
import { MailService } from '../mail/mail.service';
import { API_RUNTIME, type ApiRuntime } from '../runtime';
import { WritePath } from '../writes/write-path.service';
import { assertLocationsInBusiness } from './users-admin.service';
import { takenOr, USER_TAKEN } from './user-conflicts';
import { UserEntity } from './user.entity';

type NewInvitation = z.output<typeof InviteStaffRequestSchema>;

const hashToken = (token: string) => createHash('sha256').update(token).digest();
const newToken = () => randomBytes(32).toString('base64url');

const INVALID_INVITATION = new AppError(InvitationErrorCode.InvalidInvitation, INVALID_INVITATION_MESSAGE, { token: [INVALID_INVITATION_MESSAGE] });
const ALREADY_INVITED = new AppError(InvitationErrorCode.AlreadyInvited, 'This address has an open invitation already.', {
  email: ['This address has an open invitation already. Resend it from the list, or revoke it first.'],
});
const NO_SUCH_INVITATION = AppError.notFound('No such open invitation in your business.');

interface InvitationRow {
  id: string;
  business_id: string;
  email: string;
  first_name: string;
  last_name: string;
  user_admin: boolean;
  permissions: PermissionEntryDto[];
  sent_at: Date;
  expires_at: Date;
  invited_by_name: string;
}

const SELECT_INVITATION = `
  SELECT i.id, i.business_id, i.email, i.first_name, i.last_name, i.user_admin, i.permissions, i.sent_at, i.expires_at,
         u.first_name || ' ' || u.last_name AS invited_by_name
    FROM staff_invitations i JOIN users u ON u.id = i.invited_by`;

function toInvitation(row: InvitationRow): StaffInvitation {
  return {
    _id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    userAdmin: row.user_admin,
    permissions: row.permissions,
    status: row.expires_at.getTime() > Date.now() ? 'pending' : 'expired',
    sentAt: row.sent_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    invitedBy: row.invited_by_name,
  };
}

/** What the invitation makes of them, in the words of the mail and the log: "as a Cashier". */
export function roleWords(userAdmin: boolean, permissions: readonly PermissionEntryDto[]): string {
  if (userAdmin) return 'as an administrator';
  const [entry, ...more] = permissions;
  const preset = entry && more.length === 0 ? presetOf(entry.action) : undefined;
  if (preset) return `as ${/^[AEIOU]/.test(preset.name) ? 'an' : 'a'} ${preset.name}`;
  return permissions.length ? 'with the permissions chosen for them' : 'with no permissions yet';
}

/**
 * Staff invitations (issue 24, rule 3): an administrator invites by e-mail with a role; the
 * person follows the link (single use, valid INVITATION_DAYS days from when it was last sent)
 * to choose their own username and password, and is signed in. Resending replaces the link;
 * revoking ends it. Only a hash of each link's token is stored.
 */
@Injectable()
export class InvitationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(API_RUNTIME) private readonly runtime: ApiRuntime,
    private readonly writes: WritePath,
    private readonly mail: MailService,
    private readonly sessions: SessionsService,
    private readonly activity: ActivityService,
    private readonly live: LiveEventsService,
  ) {}

  async list(businessId: string): Promise<StaffInvitation[]> {
    const rows = (await this.dataSource.query(
      `${SELECT_INVITATION} WHERE i.business_id = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL ORDER BY i.created_at, i.id`,
      [businessId],
    )) as InvitationRow[];
    return rows.map(toInvitation);
  }

  async invite(auth: AuthContext, input: NewInvitation): Promise<StaffInvitation> {
    const token = newToken();
    const invitation = await this.writes.write(
      auth,
      { entity: 'User', changes: ['users'], conflicts: { uq_staff_invitations_open_email: ALREADY_INVITED } },
      async (manager) => {
        await assertLocationsInBusiness(manager, auth.businessId, input.permissions);
        const [taken] = (await manager.query(`SELECT 1 FROM users WHERE lower(email) = lower($1)`, [input.email])) as unknown[];
        if (taken) throw USER_TAKEN.uq_users_email!;
        const [row] = (await manager.query(
          `INSERT INTO staff_invitations (business_id, email, first_name, last_name, user_admin, permissions, token_hash, invited_by, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(days => $9)) RETURNING id`,
          [auth.businessId, input.email, input.firstName, input.lastName, input.userAdmin, JSON.stringify(input.permissions), hashToken(token), auth.user.id, INVITATION_DAYS],
        )) as { id: string }[];
        const value = await this.read(manager, auth.businessId, row!.id);
        return {
          value,
          action: 'Added',
          description: `Invited ${value.firstName} ${value.lastName} (${value.email}) ${roleWords(value.userAdmin, value.permissions)}`,
        };
      },
    );
    await this.send(auth, invitation, token);
    return invitation;
  }

  /** A new link (the old one stops working) valid for INVITATION_DAYS days from now, e-mailed again. */
  async resend(auth: AuthContext, invitationId: string): Promise<StaffInvitation> {
    const token = newToken();
    const invitation = await this.writes.write(auth, { entity: 'User', changes: ['users'] }, async (manager) => {
      await this.read(manager, auth.businessId, invitationId, true);
      await manager.query(`UPDATE staff_invitations SET token_hash = $2, sent_at = now(), expires_at = now() + make_interval(days => $3) WHERE id = $1`, [
        invitationId,
        hashToken(token),
        INVITATION_DAYS,
      ]);
      const value = await this.read(manager, auth.businessId, invitationId);
      return { value, action: 'Updated', description: `Sent the invitation to ${value.firstName} ${value.lastName} (${value.email}) again` };
    });
    await this.send(auth, invitation, token);
    return invitation;
  }

  /** Its link stops working at once; the address may be invited again. */
  async revoke(auth: AuthContext, invitationId: string): Promise<StaffInvitation> {
    return this.writes.write(auth, { entity: 'User', changes: ['users'] }, async (manager) => {
      const value = await this.read(manager, auth.businessId, invitationId, true);
      await manager.query(`UPDATE staff_invitations SET revoked_at = now() WHERE id = $1`, [invitationId]);
      return { value, action: 'Deleted', description: `Revoked the invitation to ${value.firstName} ${value.lastName} (${value.email})` };
    });
  }

  async verify(token: string): Promise<VerifyInvitationResponse> {
    const [row] = (await this.dataSource.query(
      `SELECT i.email, i.first_name, i.last_name, b.business_name
         FROM staff_invitations i JOIN businesses b ON b.id = i.business_id
        WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()`,
      [hashToken(token)],
    )) as { email: string; first_name: string; last_name: string; business_name: string }[];
    if (!row) throw INVALID_INVITATION;
    return { businessName: row.business_name, email: row.email, firstName: row.first_name, lastName: row.last_name };
  }

  /** Makes the account the invitation describes, with the person's own username and password, uses up the link and signs them in. */
  async accept(input: AcceptInvitationRequest, userAgent: string): Promise<StartedSession> {
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const [row] = (await manager.query(
          `SELECT id, business_id, email, first_name, last_name, user_admin, permissions FROM staff_invitations
            WHERE token_hash = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now() FOR UPDATE`,
          [hashToken(input.token)],
        )) as InvitationRow[];
        if (!row) throw INVALID_INVITATION;
        const user = await manager.save(
          manager.create(UserEntity, {
            businessId: row.business_id,
            username: input.username,
            email: row.email,
            firstName: row.first_name,
            lastName: row.last_name,
            passwordHash,
            rootUser: false,
            userAdmin: row.user_admin,
            permissions: row.permissions,
          }),
        );
        await manager.query(`UPDATE staff_invitations SET accepted_at = now(), accepted_user_id = $2 WHERE id = $1`, [row.id, user.id]);
        await this.activity.record(
          {
            businessId: row.business_id,
            userId: user.id,
            action: 'Created',
            entity: 'User',
            description: `${user.firstName} ${user.lastName} (${user.username}) accepted the invitation and joined ${roleWords(user.userAdmin, row.permissions)}`,
          },
          manager,
        );
        await this.live.invalidate(row.business_id, invalidatedBy(['users'], true), manager);
        const { token } = await this.sessions.start(user, userAgent, manager);
        return { user, token };
      });
    } catch (error) {
      throw takenOr(error);
    }
  }

  private async read(manager: EntityManager, businessId: string, id: string, lock = false): Promise<StaffInvitation> {
    const [row] = (await manager.query(
      `${SELECT_INVITATION} WHERE i.id = $1 AND i.business_id = $2 AND i.accepted_at IS NULL AND i.revoked_at IS NULL${lock ? ' FOR UPDATE OF i' : ''}`,
      [id, businessId],
    )) as InvitationRow[];
    if (!row) throw NO_SUCH_INVITATION;
    return toInvitation(row);
  }

  private async send(auth: AuthContext, invitation: StaffInvitation, token: string): Promise<void> {
    const [business] = (await this.dataSource.query(`SELECT business_name FROM businesses WHERE id = $1`, [auth.businessId])) as { business_name: string }[];
    const link = `${this.runtime.config.publicUrl}/user/invitation?token=${token}`;
    const from = `${auth.user.firstName} ${auth.user.lastName}`;
    await this.mail.send({
      to: invitation.email,
      subject: `${from} invited you to ${business!.business_name} on Stockbook`,
      text:
        `Hello ${invitation.firstName},\n\n${from} invited you to join ${business!.business_name} on Stockbook ${roleWords(invitation.userAdmin, invitation.permissions)}.\n\n` +
        `To choose your username and password, open this link within ${INVITATION_DAYS} days:\n\n${link}\n\n` +
        `The link works once. If you were not expecting this, you can ignore this e-mail.`,
    });
  }
}
