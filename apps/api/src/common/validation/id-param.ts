import { z } from 'zod';
import { createZodDto } from './zod-validation.pipe';

/** `:id` route parameters are uuids; anything else is a 404 of the caller's making, answered as 400. */
export class IdParam extends createZodDto(z.object({ id: z.string().uuid('That is not a valid id.') })) {}
