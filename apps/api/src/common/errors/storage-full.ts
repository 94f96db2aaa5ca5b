/**
 * A database whose disk is full (issue 23: every sale failed with 500 for 25 s while /health said
 * ok). PostgreSQL answers SQLSTATE 53100 (disk_full) when it cannot extend a file or write its WAL;
 * the operating system's ENOSPC can surface too. Such a request is answered 503 with what to do,
 * and /health reports the database degraded while it keeps happening.
 */
const DISK_FULL_SQLSTATE = '53100';
const DISK_FULL_MESSAGES = [/No space left on device/i, /could not extend file/i];

/** How long after the last disk-full failure /health keeps reporting it. */
export const STORAGE_ALARM_MS = 60_000;

let lastFullAt: number | null = null;

export function isStorageFull(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, driverError, cause } = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (code === DISK_FULL_SQLSTATE || code === 'ENOSPC') return true;
  if (typeof message === 'string' && DISK_FULL_MESSAGES.some((pattern) => pattern.test(message))) return true;
  return isStorageFull(driverError, depth + 1) || isStorageFull(cause, depth + 1);
}

/** Notes a disk-full failure now. */
export function noteStorageFull(now = Date.now()): void {
  lastFullAt = now;
}

/** When the last disk-full failure happened, if within STORAGE_ALARM_MS; null otherwise. */
export function storageFullSince(now = Date.now()): Date | null {
  return lastFullAt !== null && now - lastFullAt < STORAGE_ALARM_MS ? new Date(lastFullAt) : null;
}
