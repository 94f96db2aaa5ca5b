import { SetMetadata } from '@nestjs/common';
import { AppError } from '../errors/app-error';

/** Marks a handler that takes an `Idempotency-Key` header (the OpenAPI document lists it). */
export const IDEMPOTENT_METADATA = 'stockbook:idempotent';
export const Idempotent = () => SetMetadata(IDEMPOTENT_METADATA, true);

/** The header's rule, as the OpenAPI document states it. */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7e]{1,200}$';
export const IDEMPOTENCY_KEY_DESCRIPTION =
  'Optional, 1 to 200 visible characters, one per request the client means: a retry with the same key by the same user answers the first answer again (same status and body) and writes nothing twice; the same key with a different request is 409 IDEMPOTENCY_KEY_REUSED.';

/** An Idempotency-Key header's value, checked: 1 to 200 visible ASCII characters (400 otherwise). */
export function idempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!new RegExp(IDEMPOTENCY_KEY_PATTERN).test(value)) throw AppError.validation({ 'Idempotency-Key': ['Idempotency-Key must be 1 to 200 visible characters.'] });
  return value;
}
