import type { z } from 'zod';

export const RESPONDS_METADATA = 'stockbook:openapi:responds';

/** Error statuses an operation can answer with, each with the error envelope. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;

export interface RespondsOptions {
  /** The success status; by default the handler's @HttpCode, else 201 for POST and 200 otherwise. */
  readonly status?: number;
  readonly description?: string;
  /** `application/json` unless given (e.g. `text/event-stream` for a stream). */
  readonly mediaType?: string;
  /**
   * Error statuses this handler gives beyond the ones its access rule and inputs imply (400 for
   * validated input, 401/403/429 for signed-in rules, 404 for a path id): e.g. 404 for an id in
   * the body, 409 for a name already taken.
   */
  readonly errors?: readonly ErrorStatus[];
}

export interface RespondsEntry extends RespondsOptions {
  /** The contract schema of the body; null for no JSON body (204, or a stream). */
  readonly schema: z.ZodType | null;
}

/**
 * What a handler answers with, for the OpenAPI document (`openapi-document.ts`): its contract
 * schema, and any error statuses its inputs and access rule do not already imply. Stack several
 * for several success statuses (e.g. 200 and 503).
 */
export function Responds(schema: z.ZodType | null, options: RespondsOptions = {}): MethodDecorator {
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const entries = (Reflect.getMetadata(RESPONDS_METADATA, handler) as RespondsEntry[] | undefined) ?? [];
    // Decorators apply bottom-up: prepend so entries read in source order.
    Reflect.defineMetadata(RESPONDS_METADATA, [{ schema, ...options }, ...entries], handler);
    return descriptor;
  };
}

export function respondsOf(handler: object): readonly RespondsEntry[] {
  return (Reflect.getMetadata(RESPONDS_METADATA, handler) as RespondsEntry[] | undefined) ?? [];
}
