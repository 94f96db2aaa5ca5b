import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '@stockbook/contracts';
import { AppError } from './app-error';
import { isDatabaseUnavailable } from './database-unavailable';
import { isStorageFull, noteStorageFull } from './storage-full';
import { CODE_OF_STATUS, STATUS_OF_CODE } from './error-status';

/** How soon to try again when the database is down (it restarts in seconds). */
const DATABASE_RETRY_SECONDS = 2;

interface StatusCarrier {
  statusCode?: number;
  message?: string;
}

/** Maps every error to { message, code, fieldErrors?, requestId } and logs each 5xx once. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const { status, envelope } = this.describe(exception);
    envelope.requestId = String(request.id);
    if (status >= 500) {
      this.logger.error(
        `${request.method} ${request.url} -> ${status} [request ${request.id}]`,
        exception instanceof Error ? exception.stack : String(exception),
      );
    }
    if (exception instanceof AppError && exception.retryAfterSeconds) {
      void reply.header('retry-after', String(exception.retryAfterSeconds));
    }
    if (status === HttpStatus.SERVICE_UNAVAILABLE) void reply.header('retry-after', String(DATABASE_RETRY_SECONDS));
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(envelope);
  }

  private describe(exception: unknown): { status: number; envelope: ErrorEnvelope } {
    if (exception instanceof AppError) {
      return {
        status: STATUS_OF_CODE[exception.code],
        envelope: { message: exception.message, code: exception.code, fieldErrors: exception.fieldErrors, missingPermission: exception.missingPermission },
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      const raw = typeof body === 'string' ? body : (body as { message?: string | string[] }).message;
      const message = Array.isArray(raw) ? raw.join(', ') : (raw ?? exception.message);
      return { status, envelope: { message: status === 404 ? 'Not found.' : message, code: CODE_OF_STATUS[status] } };
    }
    const carrier = exception as StatusCarrier | null;
    const status = carrier?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large.
      return { status, envelope: { message: carrier?.message ?? 'Bad request.', code: CODE_OF_STATUS[status] } };
    }
    if (isStorageFull(exception)) {
      noteStorageFull();
      return {
        status: HttpStatus.SERVICE_UNAVAILABLE,
        envelope: {
          message: "The database's disk is full, so nothing could be saved. Free some space on the server (or ask whoever runs it), then try again.",
          code: 'SERVICE_UNAVAILABLE',
        },
      };
    }
    if (isDatabaseUnavailable(exception)) {
      return {
        status: HttpStatus.SERVICE_UNAVAILABLE,
        envelope: { message: 'The database is not reachable just now. Please try again in a moment.', code: 'SERVICE_UNAVAILABLE' },
      };
    }
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      envelope: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' },
    };
  }
}
