import { z } from 'zod';
import { CURRENCY_CODES, currencyLabel, isTimeZone } from '@stockbook/domain';
import { ContactNumberSchema, OptionalEmailSchema } from './contact-number';
import { PermissionEntrySchema } from './permissions.contract';

export const VALUATION_METHODS = ['FIFO', 'LIFO', 'AVCO', 'SELECT'] as const;
export type ValuationMethod = (typeof VALUATION_METHODS)[number];

const trimmed = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

export const UsernameSchema = z
  .string({ error: 'Username is required.' })
  .trim()
  .min(3, 'Username must be at least 3 characters.')
  .max(40, 'Username must be at most 40 characters.')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain letters, digits, dots, dashes and underscores only.');

export const EmailSchema = z
  .string({ error: 'E-mail is required.' })
  .trim()
  .max(254, 'E-mail must be at most 254 characters.')
  .pipe(z.email('Enter a valid e-mail address.'));

/** At least 8 characters; at most 128, so hashing stays cheap for a stranger's input. */
export const PasswordSchema = z
  .string({ error: 'Password is required.' })
  .min(8, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.');

export const CurrencySchema = z.enum(CURRENCY_CODES, {
  error: `Choose the currency your shop sells in: ${CURRENCY_CODES.map(currencyLabel).join(', ')}.`,
});
export const ValuationMethodSchema = z.enum(VALUATION_METHODS, {
  error: `Valuation method must be one of ${VALUATION_METHODS.join(', ')}.`,
});

/** POST user/register: a business, its root user and its first location, created together. */
/** An IANA time zone name: the business's days (reports, dated lists, today) are its calendar days. */
export const TimeZoneNameSchema = z
  .string({ error: 'Time zone must be an IANA time zone name, such as Europe/London.' })
  .max(64, 'Time zone must be an IANA time zone name, such as Europe/London.')
  .trim()
  .refine(isTimeZone, 'Time zone must be an IANA time zone name, such as Europe/London.');

export const RegisterRequestSchema = z.strictObject({
  businessName: trimmed('Business name'),
  currency: CurrencySchema,
  inventoryValuationMethod: ValuationMethodSchema,
  firstName: trimmed('First name', 80),
  lastName: trimmed('Last name', 80),
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  locationName: trimmed('Location name').default('Main store'),
  /** The business's time zone (the sign-up form sends the browser's); UTC when left out. */
  timeZone: TimeZoneNameSchema.default('UTC'),
  /** The shop's contact details, printed on its invoices and receipts; each may be left empty. */
  businessAddress: z.string({ error: 'Address must be text.' }).trim().max(300, 'Address must be at most 300 characters.').default(''),
  contactNumber: ContactNumberSchema.default(''),
  /** The e-mail customers see on invoices; the owner's own `email` when left empty. */
  businessEmail: OptionalEmailSchema.default(''),
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;
/** A registration after validation (defaults applied). */
export type Registration = z.output<typeof RegisterRequestSchema>;

/** POST user/login: a username or an e-mail address, and the password. */
export const LoginRequestSchema = z.strictObject({
  username: trimmed('Username or e-mail', 254),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(128, 'Password must be at most 128 characters.'),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** GET verify-username?username=...: whether a username is free. */
export const VerifyUsernameQuerySchema = z.strictObject({ username: UsernameSchema });
export const VerifyUsernameResponseSchema = z.object({ available: z.boolean() });
export type VerifyUsernameResponse = z.infer<typeof VerifyUsernameResponseSchema>;

/** The signed-in user, as user/details returns it. */
export const CurrentUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userAdmin: z.boolean(),
  rootUser: z.boolean(),
  permissions: z.array(PermissionEntrySchema),
  businessId: z.string(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const UserDetailsResponseSchema = z.object({ user: CurrentUserSchema });
export type UserDetailsResponse = z.infer<typeof UserDetailsResponseSchema>;

export { AuthErrorCode } from './error-codes';

/** Answers that must not reveal whether an address has an account. */
export const MessageResponseBodySchema = z.object({ message: z.string() });
export type MessageResponseBody = z.infer<typeof MessageResponseBodySchema>;

/** POST user/request/username: e-mails the username of the account with this address, if any. */
export const RequestUsernameSchema = z.strictObject({ email: EmailSchema });
export type RequestUsername = z.infer<typeof RequestUsernameSchema>;

/** POST user/request/password-reset: e-mails a one-hour, single-use reset link, if the address has an account. */
export const RequestPasswordResetSchema = z.strictObject({ email: EmailSchema });
export type RequestPasswordReset = z.infer<typeof RequestPasswordResetSchema>;

const ResetTokenSchema = z
  .string({ error: 'The reset link is incomplete.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This reset link is invalid or has expired. Ask for a new one.');

/** GET verify-token?token=...: whether a reset link can still be used. */
export const VerifyTokenQuerySchema = z.strictObject({ token: ResetTokenSchema });
export const VerifyTokenResponseSchema = z.object({ valid: z.literal(true), username: z.string() });
export type VerifyTokenResponse = z.infer<typeof VerifyTokenResponseSchema>;

/** POST user/password-reset: sets a new password with a reset link's token; every session of the user ends. */
export const PasswordResetRequestSchema = z.strictObject({ token: ResetTokenSchema, password: PasswordSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

export const RESET_LINK_MINUTES = 60;
