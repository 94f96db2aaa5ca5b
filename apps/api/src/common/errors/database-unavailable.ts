/** PostgreSQL's SQLSTATEs for a server shutting down, starting up or a connection lost. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const UNAVAILABLE_MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /Query runner already released/i, /Client has encountered a connection error/i];

/**
 * Whether an error means the database could not be reached (down, restarting, connection lost)
 * rather than that the request or our code was wrong: such a request is answered 503 with
 * Retry-After, so clients and screens retry instead of reporting a fault.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, driverError, cause, name } = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; name?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
  if (name === 'QueryRunnerProviderAlreadyReleasedError') return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  return isDatabaseUnavailable(driverError, depth + 1) || isDatabaseUnavailable(cause, depth + 1);
}
