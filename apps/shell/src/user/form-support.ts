import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { ApiError, NetworkError } from '@stockbook/api-client';

/**
 * An antd rule that checks a field with its contract schema, so the form says exactly what the
 * API would (one source of truth for the rules).
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === '' ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'This value is not valid.');
    },
  };
}

/**
 * Shows a failed call on the form: the server's field errors on their fields, and returns the
 * message for the form's own alert (null when every error found its field).
 */
export function showServerErrors(form: FormInstance, error: unknown, fields: readonly string[]): string | null {
  if (error instanceof NetworkError) return error.message;
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  const known = new Set(fields);
  const entries = Object.entries(error.fieldErrors ?? {});
  const onFields = entries.filter(([name]) => known.has(name));
  if (onFields.length > 0) form.setFields(onFields.map(([name, errors]) => ({ name, errors })));
  return onFields.length === entries.length && entries.length > 0 ? null : error.message;
}
