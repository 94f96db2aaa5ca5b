import { z } from 'zod';

/** The most digits a phone number has (ITU-T E.164), and the fewest a reachable one has. */
const MAX_DIGITS = 15;
const MIN_DIGITS = 6;

export const CONTACT_NUMBER_MESSAGE = 'Enter a phone number: 6 to 15 digits, with spaces, dashes, dots or brackets, and a + only in front.';

/**
 * Whether a contact number looks like a phone number a person can dial: an optional leading `+`,
 * then digits with the usual separators, 6 to 15 digits in all. No country is assumed (a shop
 * writes its numbers the local way, e.g. `0412 345 678`, or the international way, `+61 412 345 678`),
 * so the check is of form, not of a numbering plan.
 */
export function isContactNumber(text: string): boolean {
  if (!/^\+?[0-9 ().-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= MIN_DIGITS && digits <= MAX_DIGITS;
}

/** An optional contact number field: empty, or a phone number (trimmed). */
export const ContactNumberSchema = z
  .string()
  .trim()
  .max(40, 'Contact number must be at most 40 characters.')
  .refine((text) => text === '' || isContactNumber(text), CONTACT_NUMBER_MESSAGE);

/**
 * An e-mail address a record may leave empty (a customer's, a supplier's, the business's): '' or
 * a valid address of at most 254 characters, each refusal naming what is wrong.
 */
export const OptionalEmailSchema = z
  .string({ error: 'E-mail must be text.' })
  .trim()
  .max(254, 'E-mail must be at most 254 characters.')
  .refine((value) => value === '' || z.email().safeParse(value).success, 'Enter a valid e-mail address.');
