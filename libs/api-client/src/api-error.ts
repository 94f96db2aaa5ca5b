import { z } from 'zod';
import { ErrorEnvelopeSchema } from '@stockbook/contracts';

/** Read leniently: a newer API may answer with a code this build does not know yet. */
const ReceivedEnvelopeSchema = ErrorEnvelopeSchema.extend({ code: z.string().optional() });

/** Where and when a call failed, for a table of load errors: "GET user/invoice/dated" and the moment. */
export interface FailedCall {
  call?: string;
  at?: Date;
}

/** An error answer from the API, revived from its envelope { message, code, fieldErrors }. */
export class ApiError extends Error implements FailedCall {
  call?: string;
  at?: Date;

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const parsed = ReceivedEnvelopeSchema.safeParse(body);
    if (parsed.success) {
      const { message, code, fieldErrors, requestId } = parsed.data;
      return new ApiError(response.status, message, code, fieldErrors, requestId);
    }
    return new ApiError(response.status, response.statusText || `Request failed with status ${response.status}`);
  }
}

/** The request never reached the API (offline, DNS, refused). */
export class NetworkError extends Error implements FailedCall {
  call?: string;
  at?: Date;

  constructor(cause: unknown) {
    super('A network error occured, try again later.', { cause });
    this.name = 'NetworkError';
  }
}
