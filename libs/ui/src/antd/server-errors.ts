import type { FormInstance } from 'antd';
import { ApiError, NetworkError } from '@stockbook/api-client';

/** A dot-joined field path from the API (`printer.width`, `permissions.0.action`) as an antd name path. */
export function toNamePath(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Puts an API error's field errors on the form's fields, and returns what the form itself
 * should say: the server's message when some errors have no field here, or there were none.
 * Failures the shell announces itself (network, 401, 429, 5xx) return nothing, so nothing is
 * said twice.
 */
export function applyServerErrors(form: FormInstance, error: unknown): string | null {
  if (error instanceof NetworkError) return null;
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : 'Something went wrong. Try again.';
  if (error.status === 401 || error.status === 429 || error.status >= 500) return null;
  const fieldErrors = Object.entries(error.fieldErrors ?? {});
  if (fieldErrors.length === 0) return error.message;
  form.setFields(fieldErrors.map(([path, errors]) => ({ name: toNamePath(path), errors })));
  const known = new Set(form.getFieldsError().map((field) => field.name.join('.')));
  const unplaced = fieldErrors.filter(([path]) => !known.has(path));
  if (unplaced.length === 0) return null;
  return [error.message, ...unplaced.flatMap(([, errors]) => errors)].join(' ');
}

/** A one-line message for failures outside a form (a lock switch, a mark-read button). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError || error instanceof Error) return error.message;
  return 'Something went wrong. Try again.';
}

/** Whether the shell has already told the user about this failure (network, 401, 429, 5xx). */
export function shellAnnounces(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && (error.status === 401 || error.status === 429 || error.status >= 500));
}
