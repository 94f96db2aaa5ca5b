import { z } from 'zod';

/** Every error the API answers with has this shape. */
export const ErrorEnvelopeSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  /** Field path (dot-joined) to the messages for that field, for forms. */
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Stable codes the client can rely on; modules add their own codes as they grow. */
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
export type CommonErrorCode = (typeof CommonErrorCode)[keyof typeof CommonErrorCode];
