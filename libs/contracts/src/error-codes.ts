import { SALES_PROBLEM_STATUS, type SalesProblemCode } from '@stockbook/domain';

/**
 * Every area's error codes, as plain constants in a module that builds no schema: the API's
 * answers and the front ends' branches name them, and error.contract.ts gathers them into one
 * union. Each area's contract re-exports its own. Kept apart so that a front end importing a
 * code (the shell: CommonErrorCode, through the error envelope's schema) does not also bundle and
 * build every area's request and response schemas (items, sales, customers...), which their
 * remotes build for themselves.
 */

/** Stable codes every area can answer with. */
export const CommonErrorCode = {
  ValidationFailed: 'VALIDATION_FAILED',
  NotFound: 'NOT_FOUND',
  Unauthenticated: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  Conflict: 'CONFLICT',
  TooManyRequests: 'TOO_MANY_REQUESTS',
  Internal: 'INTERNAL',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
} as const;

export const LocationErrorCode = {
  LocationNameTaken: 'LOCATION_NAME_TAKEN',
} as const;

export const AuthErrorCode = {
  InvalidCredentials: 'INVALID_CREDENTIALS',
  AccountLocked: 'ACCOUNT_LOCKED',
  UsernameTaken: 'USERNAME_TAKEN',
  EmailTaken: 'EMAIL_TAKEN',
  CrossSiteRequest: 'CROSS_SITE_REQUEST',
  InvalidResetToken: 'INVALID_RESET_TOKEN',
  WrongCurrentPassword: 'WRONG_CURRENT_PASSWORD',
  TooManyFailedSignIns: 'TOO_MANY_FAILED_SIGN_INS',
} as const;

export const InvitationErrorCode = {
  InvalidInvitation: 'INVALID_INVITATION',
  AlreadyInvited: 'ALREADY_INVITED',
} as const;

export const BusinessErrorCode = {
  /** The currency is fixed once an amount has been recorded in it. */
  CurrencyLocked: 'CURRENCY_LOCKED',
} as const;

export const TaxErrorCode = {
  NameTaken: 'TAX_RATE_NAME_TAKEN',
  InUse: 'TAX_RATE_IN_USE',
} as const;

export const InventoryErrorCode = {
  NameTaken: 'NAME_TAKEN',
  InUse: 'IN_USE',
  HasChildren: 'HAS_CHILDREN',
  CategoryCycle: 'CATEGORY_CYCLE',
} as const;

export const ItemErrorCode = {
  BelowSold: 'BELOW_SOLD',
  BatchSold: 'BATCH_SOLD',
  DuplicateVariant: 'DUPLICATE_VARIANT',
  NotAVariantItem: 'NOT_A_VARIANT_ITEM',
  NotASimpleItem: 'NOT_A_SIMPLE_ITEM',
} as const;

/** Every refusal of the sales rules (SALES_PROBLEM_STATUS gives each its status), and the idempotency conflict. */
export const SALES_ERROR_CODES = [...(Object.keys(SALES_PROBLEM_STATUS) as SalesProblemCode[]), 'IDEMPOTENCY_KEY_REUSED'] as const;
export type SalesErrorCode = (typeof SALES_ERROR_CODES)[number];
