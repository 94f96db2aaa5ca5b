import { CommonErrorCode } from '@stockbook/contracts';

export type FieldErrors = Record<string, string[]>;

/**
 * The one error type services throw. It carries a stable code and the HTTP status the
 * exception filter answers with; modules add codes, never free-form HTTP exceptions.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly fieldErrors?: FieldErrors,
    /** For 429: when to try again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(fieldErrors: FieldErrors, message = 'Some fields need your attention.'): AppError {
    return new AppError(CommonErrorCode.ValidationFailed, message, 400, fieldErrors);
  }

  static tooManyRequests(message: string, retryAfterSeconds: number): AppError {
    return new AppError(CommonErrorCode.TooManyRequests, message, 429, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
  }

  static notFound(message = 'Not found.'): AppError {
    return new AppError(CommonErrorCode.NotFound, message, 404);
  }
}
