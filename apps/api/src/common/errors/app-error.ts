import type { ErrorCode } from '@stockbook/contracts';
import { STATUS_OF_CODE } from './error-status';

export type FieldErrors = Record<string, string[]>;

/**
 * The one error type services throw: a stable code from the contracts' union and a message a
 * person can act on. The HTTP status follows from the code (`error-status.ts`), never from the
 * thrower.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
    /** For 429: when to try again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
    /** For a 403 for want of a permission: the action's code (the envelope's missingPermission). */
    readonly missingPermission?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The HTTP status the exception filter answers with. */
  get status(): number {
    return STATUS_OF_CODE[this.code];
  }

  static validation(fieldErrors: FieldErrors, message = 'Some fields need your attention.'): AppError {
    return new AppError('VALIDATION_FAILED', message, fieldErrors);
  }

  static tooManyRequests(message: string, retryAfterSeconds: number, code: ErrorCode = 'TOO_MANY_REQUESTS'): AppError {
    return new AppError(code, message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
  }

  static notFound(message = 'Not found.'): AppError {
    return new AppError('NOT_FOUND', message);
  }

  static forbidden(message: string, missingPermission?: string): AppError {
    return new AppError('FORBIDDEN', message, undefined, undefined, missingPermission);
  }
}
