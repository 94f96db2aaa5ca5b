import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { AppError, type FieldErrors } from '../errors/app-error';

/** A class whose static `schema` the global pipe validates a body, query or param against. */
export interface ZodDtoClass<T extends z.ZodType = z.ZodType> {
  new (): z.infer<T>;
  readonly schema: T;
}

/** Turns a contract schema into a DTO class for a handler's @Body() / @Query(). */
export function createZodDto<T extends z.ZodType>(schema: T): ZodDtoClass<T> {
  class ZodDto {
    static readonly schema = schema;
  }
  return ZodDto as unknown as ZodDtoClass<T>;
}

function isZodDto(metatype: unknown): metatype is ZodDtoClass {
  return typeof metatype === 'function' && 'schema' in metatype && typeof (metatype as ZodDtoClass).schema?.safeParse === 'function';
}

export function toFieldErrors(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/** Global pipe: validates every input declared with a zod DTO; 400 with field errors otherwise. */
@Injectable()
export class ZodValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (!isZodDto(metadata.metatype)) return value;
    const result = metadata.metatype.schema.safeParse(value ?? (metadata.type === 'body' ? undefined : {}));
    if (result.success) return result.data;
    const fieldErrors = toFieldErrors(result.error);
    const first = result.error.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    throw AppError.validation(fieldErrors, `${where}${first?.message ?? 'Invalid input.'}`);
  }
}
