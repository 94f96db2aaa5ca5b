import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { AuthErrorCode } from '@stockbook/contracts';
import { AppError } from '../common/errors/app-error';
import { API_RUNTIME, type ApiRuntime } from '../runtime';

/** Public calls limited per address (auth calls, and the public invoice page). */
export type AddressLimitedRoute = 'sign-in' | 'sign-up' | 'forgotten-details' | 'public-invoice';

const FAILED_SIGN_INS_PER_HOUR = 10;
const RESET_REQUESTS_PER_HOUR = 5;

const inMinutes = (ms: number) => {
  const minutes = Math.ceil(ms / 60_000);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
};

/**
 * Every rate limit of the API. The auth limits count in PostgreSQL (table `rate_limits`), so all
 * API processes share them; the per-session API limit counts in memory, per process, unless
 * RATE_LIMIT_API_SHARED asks for it to count in PostgreSQL too (issue 23, rule 6: N processes
 * would otherwise allow N times the rate; shared, each call costs one upsert).
 */
@Injectable()
export class RateLimitsService {
  private readonly perAddress: RateLimiterAbstract;
  private readonly failedSignIns: RateLimiterAbstract;
  private readonly resetRequests: RateLimiterAbstract;
  private readonly perSession: RateLimiterAbstract;

  constructor(@InjectDataSource() dataSource: DataSource, @Inject(API_RUNTIME) runtime: ApiRuntime) {
    const store = (keyPrefix: string, points: number, duration: number) =>
      new RateLimiterPostgres({
        storeClient: dataSource,
        storeType: 'typeorm',
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix,
        points,
        duration,
      });
    this.perAddress = store('address', runtime.config.rateLimits.authPerAddress, 15 * 60);
    this.failedSignIns = store('failed-sign-in', FAILED_SIGN_INS_PER_HOUR, 60 * 60);
    this.resetRequests = store('reset-request', RESET_REQUESTS_PER_HOUR, 60 * 60);
    const { apiPerMinute, apiShared } = runtime.config.rateLimits;
    this.perSession = apiShared ? store('session', apiPerMinute, 60) : new RateLimiterMemory({ keyPrefix: 'session', points: apiPerMinute, duration: 60 });
  }

  /** Counts a call to a public auth route from an address. */
  address(route: AddressLimitedRoute, address: string): Promise<void> {
    return this.consume(this.perAddress, `${route}:${address}`, (wait) => `Too many attempts from your network. Try again in ${inMinutes(wait)}.`);
  }

  /** Counts a call by a signed-in session. */
  session(sessionId: string): Promise<void> {
    return this.consume(this.perSession, sessionId, () => 'Too many requests from this session. Slow down and try again in a minute.');
  }

  /**
   * Takes one of the account's sign-in attempts for this hour before the password is checked, in
   * one atomic step (an upsert in PostgreSQL), and refuses once they are spent: so concurrent wrong
   * passwords cannot all pass a check made before any of them was counted (issue 23: 100 at once
   * all got 401). A wrong password keeps the attempt counted; a right one clears the count.
   */
  async takeSignInAttempt(account: string): Promise<void> {
    const taken = await this.failedSignIns.penalty(accountKey(account), 1);
    if (taken.consumedPoints > FAILED_SIGN_INS_PER_HOUR) throw lockedOut(taken.msBeforeNext);
  }

  async clearFailedSignIns(account: string): Promise<void> {
    await this.failedSignIns.delete(accountKey(account));
  }

  /** Counts a forgotten-username or password-reset request for an address, registered or not. */
  resetRequest(email: string): Promise<void> {
    return this.consume(this.resetRequests, accountKey(email), (wait) => `Too many requests for this address. Try again in ${inMinutes(wait)}.`);
  }

  private async consume(limiter: RateLimiterAbstract, key: string, message: (waitMs: number) => string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw AppError.tooManyRequests(message(rejection.msBeforeNext), rejection.msBeforeNext / 1000);
      throw rejection;
    }
  }
}

const accountKey = (account: string) => account.trim().toLowerCase().slice(0, 200);

function lockedOut(waitMs: number): AppError {
  return AppError.tooManyRequests(
    `Too many failed sign-ins for this account. Try again in ${inMinutes(waitMs)}, or reset your password.`,
    waitMs / 1000,
    AuthErrorCode.TooManyFailedSignIns,
  );
}
