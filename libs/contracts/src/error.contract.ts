import { z } from 'zod';
import { MONEY_PROBLEM_CODES } from '@stockbook/domain';
import {
  AuthErrorCode,
  BusinessErrorCode,
  CommonErrorCode,
  InventoryErrorCode,
  InvitationErrorCode,
  ItemErrorCode,
  LocationErrorCode,
  SALES_ERROR_CODES,
  TaxErrorCode,
} from './error-codes';

export { CommonErrorCode, LocationErrorCode } from './error-codes';

/**
 * Every code the API answers with: one union of each area's codes (error-codes.ts). The API's
 * exception filter alone decides each code's HTTP status (a code with no status there does not
 * compile); clients branch on the code, never on the message.
 */
export const ERROR_CODES = [
  ...Object.values(CommonErrorCode),
  ...Object.values(AuthErrorCode),
  ...Object.values(InvitationErrorCode),
  ...Object.values(BusinessErrorCode),
  ...Object.values(LocationErrorCode),
  ...Object.values(TaxErrorCode),
  ...Object.values(InventoryErrorCode),
  ...Object.values(ItemErrorCode),
  ...SALES_ERROR_CODES,
  ...MONEY_PROBLEM_CODES,
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const ErrorCodeSchema = z.enum(ERROR_CODES as unknown as [ErrorCode, ...ErrorCode[]]);

/** Every error the API answers with has this shape. */
export const ErrorEnvelopeSchema = z.object({
  message: z.string(),
  code: ErrorCodeSchema.optional(),
  /** Field path (dot-joined) to the messages for that field, for forms. */
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
  /** A 403 for want of a permission: the action's code ("view:report"); the message says it in plain words. */
  missingPermission: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
