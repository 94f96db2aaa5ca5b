import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AuthErrorCode, RESET_LINK_MINUTES, type VerifyTokenResponse } from '@stockbook/contracts';
import { AppError } from '../common/errors/app-error';
import { LiveEventsService } from '../live/live-events.service';
import { MailService } from '../mail/mail.service';
import { RateLimitsService } from '../rate-limits/rate-limits.service';
import { API_RUNTIME, type ApiRuntime } from '../runtime';
import { hashPassword } from './password-hasher';
import { SessionsService } from './sessions.service';

const hashToken = (token: string) => createHash('sha256').update(token).digest();

const INVALID_TOKEN = new AppError(AuthErrorCode.InvalidResetToken, 'This reset link is invalid or has expired. Ask for a new one.', {
  token: ['This reset link is invalid or has expired. Ask for a new one.'],
});

export const USERNAME_SENT = 'If that address has an account, we have e-mailed its username to it.';
export const RESET_LINK_SENT = 'If that address has an account, we have e-mailed it a link to choose a new password. The link works once, within an hour.';

interface AccountRow {
  id: string;
  username: string;
  email: string;
  first_name: string;
}

/**
 * Forgotten usernames and passwords. Answers are the same whether or not an address has an
 * account; what differs goes only to that address's mailbox.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(API_RUNTIME) private readonly runtime: ApiRuntime,
    private readonly mail: MailService,
    private readonly limits: RateLimitsService,
    private readonly sessions: SessionsService,
    private readonly live: LiveEventsService,
  ) {}

  async sendUsername(email: string): Promise<string> {
    await this.limits.resetRequest(email);
    const account = await this.accountFor(email);
    if (account) {
      await this.mail.send({
        to: account.email,
        subject: 'Your Stockbook username',
        text: `Hello ${account.first_name},\n\nYour Stockbook username is: ${account.username}\n\nSign in at ${this.runtime.config.publicUrl}/user/login\n\nIf you did not ask for this, you can ignore this e-mail.`,
      });
    }
    return USERNAME_SENT;
  }

  async sendResetLink(email: string): Promise<string> {
    await this.limits.resetRequest(email);
    const account = await this.accountFor(email);
    if (account) {
      const token = randomBytes(32).toString('base64url');
      await this.dataSource.transaction(async (manager) => {
        // A new link replaces any earlier one.
        await manager.query(`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [account.id]);
        await manager.query(
          `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
          [account.id, hashToken(token), RESET_LINK_MINUTES],
        );
      });
      const link = `${this.runtime.config.publicUrl}/user/reset-password?token=${token}`;
      await this.mail.send({
        to: account.email,
        subject: 'Choose a new Stockbook password',
        text: `Hello ${account.first_name},\n\nTo choose a new password for ${account.username}, open this link within an hour:\n\n${link}\n\nThe link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
      });
    }
    return RESET_LINK_SENT;
  }

  async verify(token: string): Promise<VerifyTokenResponse> {
    const row = await this.usableToken(this.dataSource.manager, token, false);
    return { valid: true, username: row.username };
  }

  /** Sets the new password, uses up the link and ends every session of the user. */
  async reset(token: string, password: string): Promise<string> {
    const passwordHash = await hashPassword(password);
    const account = await this.dataSource.transaction(async (manager) => {
      const row = await this.usableToken(manager, token, true);
      await manager.query(`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [row.user_id]);
      await manager.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [row.user_id, passwordHash]);
      await this.sessions.endAllForUser(row.user_id, 'password-reset', undefined, manager);
      await this.live.publish({ userId: row.user_id }, { event: 'logout', data: 'password-reset' }, manager);
      return row;
    });
    this.sessions.forgetUser(account.user_id);
    await this.limits.clearFailedSignIns(account.username);
    await this.limits.clearFailedSignIns(account.email);
    return 'Your password is changed. Sign in with the new one.';
  }

  private async usableToken(manager: EntityManager, token: string, lock: boolean) {
    const [row] = (await manager.query(
      `SELECT t.id, t.user_id, u.username, u.email
         FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()
        ${lock ? 'FOR UPDATE OF t' : ''}`,
      [hashToken(token)],
    )) as { id: string; user_id: string; username: string; email: string }[];
    if (!row) throw INVALID_TOKEN;
    return row;
  }

  private async accountFor(email: string): Promise<AccountRow | undefined> {
    const [row] = (await this.dataSource.query(
      `SELECT id, username, email, first_name FROM users WHERE lower(email) = lower($1)`,
      [email],
    )) as AccountRow[];
    return row;
  }
}
