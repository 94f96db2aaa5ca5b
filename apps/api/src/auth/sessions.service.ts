import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type EntityManager, Repository } from 'typeorm';
import type { LogoutReason } from '@stockbook/contracts';
import { UserEntity } from '../users/user.entity';
import { SessionEntity } from './session.entity';

const SESSION_DAYS = 14;
/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_AFTER_MS = 5 * 60_000;

/** Why a session ended; the same words its open screens receive in the `logout` event. */
export type SessionEndReason = LogoutReason;

const hashToken = (token: string) => createHash('sha256').update(token).digest();

/** Server-side sessions in PostgreSQL: the cookie carries a random token, the table its hash. */
@Injectable()
export class SessionsService {
  constructor(@InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>) {}

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

  /** The open session and its (unlocked) user for a cookie token, or null. */
  async resolve(token: string): Promise<{ session: SessionEntity; user: UserEntity } | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    // The session and its user in one round trip: this runs before every signed-in call.
    const found = (await this.sessions
      .createQueryBuilder('s')
      .innerJoinAndMapOne('s.user', UserEntity, 'u', 'u.id = s.user_id')
      .where('s.token_hash = :hash AND s.ended_at IS NULL', { hash: hashToken(token) })
      .getOne()) as (SessionEntity & { user: UserEntity }) | null;
    if (!found) return null;
    const { user, ...columns } = found;
    const session = Object.assign(new SessionEntity(), columns);
    if (session.expiresAt.getTime() <= Date.now()) {
      await this.end(session.id, 'expired');
      return null;
    }
    if (user.lockedAt) return null;
    if (Date.now() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await this.sessions.update({ id: session.id }, { lastSeenAt: new Date() });
    }
    return { session, user };
  }

  async end(sessionId: string, reason: SessionEndReason): Promise<void> {
    await this.sessions.update({ id: sessionId, endedAt: IsNull() }, { endedAt: new Date(), endReason: reason });
  }

  /** Ends every open session of a user (but `keep`), returning the ids ended. */
  async endAllForUser(userId: string, reason: SessionEndReason, keep?: string, manager?: EntityManager): Promise<string[]> {
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
