import type { ErrorCode } from '@stockbook/contracts';
import { MONEY_PROBLEM_STATUS, SALES_PROBLEM_STATUS } from '@stockbook/domain';

/**
 * The HTTP status of every error code, in one place: services throw a code, the exception
 * filter answers with its status. A code added to the contracts' union without a status here
 * does not compile.
 */
export const STATUS_OF_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  // Accounts
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 403,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  CROSS_SITE_REQUEST: 403,
  INVALID_RESET_TOKEN: 400,
  WRONG_CURRENT_PASSWORD: 400,
  TOO_MANY_FAILED_SIGN_INS: 429,
  INVALID_INVITATION: 400,
  ALREADY_INVITED: 409,
  // Business
  CURRENCY_LOCKED: 409,
  // Locations
  LOCATION_NAME_TAKEN: 409,
  // Tax
  TAX_RATE_NAME_TAKEN: 409,
  TAX_RATE_IN_USE: 409,
  // Catalogue
  NAME_TAKEN: 409,
  IN_USE: 409,
  HAS_CHILDREN: 409,
  CATEGORY_CYCLE: 400,
  // Items and batches
  BELOW_SOLD: 409,
  BATCH_SOLD: 409,
  DUPLICATE_VARIANT: 409,
  NOT_A_VARIANT_ITEM: 400,
  NOT_A_SIMPLE_ITEM: 400,
  // Sales: the domain's refusals, each with the status the rules give it
  ...SALES_PROBLEM_STATUS,
  IDEMPOTENCY_KEY_REUSED: 409,
  // Money: transfers, expenses, capital and withdrawals
  ...MONEY_PROBLEM_STATUS,
};

/** The code a status stands for, for errors raised outside our code (framework, Fastify). */
export const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'VALIDATION_FAILED',
  415: 'VALIDATION_FAILED',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};
