import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type EntityManager, Repository } from 'typeorm';
import type { LogoutReason } from '@stockbook/contracts';
import type { PermissionEntry } from '@stockbook/domain';
import { preparedQuery } from '../common/database/prepared-query';
import { UserEntity } from '../users/user.entity';
import { SessionCache } from './session-cache';
import { SessionEntity } from './session.entity';

const SESSION_DAYS = 14;
/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_AFTER_MS = 5 * 60_000;

/** Why a session ended; the same words its open screens receive in the `logout` event. */
export type SessionEndReason = LogoutReason;

/** An open session and its user (not the password hash). */
const RESOLVE_SESSION = `
  SELECT s.id AS session_id, s.token_hash, s.user_id, s.business_id, s.created_at AS session_created_at, s.last_seen_at, s.expires_at, s.user_agent,
         u.username, u.email, u.first_name, u.last_name, u.root_user, u.user_admin, u.permissions, u.locked_at,
         u.created_at AS user_created_at, u.updated_at AS user_updated_at
    FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.token_hash = $1 AND s.ended_at IS NULL`;
interface SessionUserRow {
  session_id: string;
  token_hash: Buffer;
  user_id: string;
  business_id: string;
  session_created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  user_agent: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  root_user: boolean;
  user_admin: boolean;
  permissions: PermissionEntry[];
  locked_at: Date | null;
  user_created_at: Date;
  user_updated_at: Date;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest();

/** An open session and its user, as a call resolves them. */
interface Resolved {
  session: SessionEntity;
  user: UserEntity;
}

/** Server-side sessions in PostgreSQL: the cookie carries a random token, the table its hash. */
@Injectable()
export class SessionsService {
  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    private readonly cache: SessionCache,
  ) {}

  static readonly maxAgeSeconds = SESSION_DAYS * 24 * 60 * 60;

  /** Starts a session and returns the token for the cookie (never stored as is). */
  async start(user: UserEntity, userAgent: string, manager?: EntityManager): Promise<{ token: string; session: SessionEntity }> {
    const token = randomBytes(32).toString('base64url');
    const repository = manager?.getRepository(SessionEntity) ?? this.sessions;
    const session = await repository.save(
      repository.create({
        tokenHash: hashToken(token),
        userId: user.id,
        businessId: user.businessId,
        expiresAt: new Date(Date.now() + SessionsService.maxAgeSeconds * 1000),
        userAgent: userAgent.slice(0, 300),
      }),
    );
    return { token, session };
  }

  /** The open session and its (unlocked) user for a cookie token, or null: kept a few seconds in memory (SessionCache). */
  async resolve(token: string): Promise<Resolved | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const hash = hashToken(token);
    const key = hash.toString('base64');
    const resolved = (this.cache.get(key) as Resolved | undefined) ?? (await this.read(hash, key));
    if (!resolved) return null;
    const { session } = resolved;
    if (session.expiresAt.getTime() <= Date.now()) {
      await this.end(session.id, 'expired');
      return null;
    }
    if (Date.now() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      const now = new Date();
      await this.sessions.update({ id: session.id }, { lastSeenAt: now });
      session.lastSeenAt = now;
    }
    return resolved;
  }

  /** The session and its user from PostgreSQL, kept unless the user is locked. */
  private async read(hash: Buffer, key: string): Promise<Resolved | null> {
    const mark = this.cache.mark();
    // The session and its user in one prepared round trip.
    const [row] = await preparedQuery<SessionUserRow>(this.sessions.manager, 'resolve-session', RESOLVE_SESSION, [hash]);
    if (!row) return null;
    const session = Object.assign(new SessionEntity(), {
      id: row.session_id, tokenHash: row.token_hash, userId: row.user_id, businessId: row.business_id, createdAt: row.session_created_at,
      lastSeenAt: row.last_seen_at, expiresAt: row.expires_at, endedAt: null, endReason: null, userAgent: row.user_agent,
    } satisfies SessionEntity);
    const user = Object.assign(new UserEntity(), {
      id: row.user_id, businessId: row.business_id, username: row.username, email: row.email, firstName: row.first_name, lastName: row.last_name,
      rootUser: row.root_user, userAdmin: row.user_admin, permissions: row.permissions, lockedAt: row.locked_at,
      createdAt: row.user_created_at, updatedAt: row.user_updated_at,
    } satisfies Omit<UserEntity, 'passwordHash'>);
    if (user.lockedAt) return null;
    this.cache.keep(key, { session, user }, { userId: user.id, sessionId: session.id }, mark);
    return { session, user };
  }

  /** This process changed a user's account: their sessions are read afresh from now on (other processes hear it from PostgreSQL). */
  forgetUser(userId: string): void {
    this.cache.forgetUser(userId);
  }

  /** This process ended a session: it is read afresh (and found ended) from now on. */
  forgetSession(sessionId: string): void {
    this.cache.forgetSession(sessionId);
  }

  async end(sessionId: string, reason: SessionEndReason): Promise<void> {
    await this.sessions.update({ id: sessionId, endedAt: IsNull() }, { endedAt: new Date(), endReason: reason });
    this.cache.forgetSession(sessionId);
  }

  /** Ends every open session of a user (but `keep`), returning the ids ended. */
  async endAllForUser(userId: string, reason: SessionEndReason, keep?: string, manager?: EntityManager): Promise<string[]> {
    this.cache.forgetUser(userId);
    const repository = manager?.getRepository(SessionEntity) ?? this.sessions;
    const open = await repository.findBy({ userId, endedAt: IsNull() });
    const ended = open.filter((session) => session.id !== keep).map((session) => session.id);
    if (ended.length > 0) {
      await repository
        .createQueryBuilder()
        .update()
        .set({ endedAt: () => 'now()', endReason: reason })
        .whereInIds(ended)
        .execute();
    }
    return ended;
  }
}
