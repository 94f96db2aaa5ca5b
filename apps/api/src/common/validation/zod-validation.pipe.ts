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

/** One thing wrong with an input: where (a field path, empty for the whole input) and what. */
interface Problem {
  path: readonly PropertyKey[];
  message: string;
}

export const NUL_MESSAGE = 'Text cannot contain a NUL character (U+0000).';

/**
 * The most values (object fields and array items, at any depth) one input may hold: far above any
 * request of the product (an import chunk of 100 rows holds about 1,500), and low enough that a
 * body of 70,000 unknown keys is refused before anything walks it field by field (issue 23).
 */
export const MAX_INPUT_VALUES = 5_000;
export const TOO_MANY_VALUES_MESSAGE = `The request holds more than ${MAX_INPUT_VALUES.toLocaleString('en-US')} values: send less at a time.`;
/** The most fields an error names (the rest are summed up), so a bad body never gets a huge answer. */
export const MAX_FIELD_ERRORS = 20;
/** The longest field name an error repeats: longer ones keep their start and end, so they stay apart. */
const MAX_FIELD_NAME = 100;
const shortName = (name: string) => (name.length > MAX_FIELD_NAME ? `${name.slice(0, 80)}…${name.slice(-19)}` : name);

/** Whether `input` holds more than `limit` values; stops counting as soon as it does. */
export function holdsMoreThan(input: unknown, limit: number): boolean {
  let count = 0;
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      count += value.length;
      if (count > limit) return true;
      for (const child of value) if (child !== null && typeof child === 'object') stack.push(child);
    } else if (value !== null && typeof value === 'object') {
      for (const key in value) {
        count += 1;
        if (count > limit) return true;
        const child = (value as Record<string, unknown>)[key];
        if (child !== null && typeof child === 'object') stack.push(child);
      }
    }
  }
  return false;
}
export const unknownFieldMessage = (key: string) => `Unknown field "${key.length > 100 ? `${key.slice(0, 100)}…` : key}".`;

/** A path as a chain from the leaf back to the root: a step is not copied for every child. */
interface Step {
  parent: Step | undefined;
  key: PropertyKey;
}
function pathOf(step: Step | undefined): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at = step; at; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Every string (and object key) holding U+0000, wherever it sits in the input. PostgreSQL cannot
 * store NUL in text, so such a value would otherwise fail in the database as a 500; here it is a
 * 400 naming the field, for every body, query and param, with or without a schema. Walked with a
 * stack, not recursion, and with paths shared between siblings: a deeply nested body must neither
 * overflow the call stack nor cost time in the square of its depth.
 */
export function nulProblems(input: unknown): Problem[] {
  const problems: Problem[] = [];
  const stack: { value: unknown; at: Step | undefined }[] = [{ value: input, at: undefined }];
  while (stack.length > 0) {
    const { value, at } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) problems.push({ path: pathOf(at), message: NUL_MESSAGE });
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) stack.push({ value: value[index], at: { parent: at, key: index } });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index]!;
        if (key.includes('\u0000')) problems.push({ path: pathOf({ parent: at, key }), message: NUL_MESSAGE });
        else stack.push({ value: child, at: { parent: at, key } });
      }
    }
  }
  return problems;
}

/** A zod error as problems; an unknown-keys issue becomes one problem per key, at that key. */
function zodProblems(error: z.ZodError): Problem[] {
  return error.issues.flatMap((issue): Problem[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: [...issue.path, key], message: unknownFieldMessage(key) }))
      : [{ path: issue.path, message: issue.message }],
  );
}

const keyOf = (path: readonly PropertyKey[]) => (path.length ? path.map(String).join('.') : '_');

function fieldErrorsOf(problems: readonly Problem[]): FieldErrors {
  const fieldErrors: FieldErrors = {};
  let named = 0;
  let unnamed = 0;
  for (const problem of problems) {
    const key = shortName(keyOf(problem.path));
    if (!(key in fieldErrors) && named >= MAX_FIELD_ERRORS) {
      unnamed += 1;
      continue;
    }
    if (!(key in fieldErrors)) named += 1;
    const messages = (fieldErrors[key] ??= []);
    if (!messages.includes(problem.message)) messages.push(problem.message);
  }
  if (unnamed > 0) (fieldErrors['_'] ??= []).push(`And ${unnamed.toLocaleString('en-US')} more fields need your attention: fix these first.`);
  return fieldErrors;
}

export function toFieldErrors(error: z.ZodError): FieldErrors {
  return fieldErrorsOf(zodProblems(error));
}

/**
 * Global pipe: refuses NUL characters in every body, query and param, and validates every input
 * declared with a zod DTO; 400 with errors per field and the first one as the message otherwise.
 */
@Injectable()
export class ZodValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    if (holdsMoreThan(value, MAX_INPUT_VALUES)) throw AppError.validation({ _: [TOO_MANY_VALUES_MESSAGE] }, TOO_MANY_VALUES_MESSAGE);
    // A DTO that takes any text (`static anyText = true`: the public invoice link) checks its own.
    const problems = (metadata.metatype as { anyText?: boolean } | undefined)?.anyText ? [] : nulProblems(value);
    let parsed = value;
    if (isZodDto(metadata.metatype)) {
      const result = metadata.metatype.schema.safeParse(value ?? (metadata.type === 'body' ? undefined : {}));
      if (result.success) parsed = result.data;
      else problems.push(...zodProblems(result.error));
    }
    if (problems.length === 0) return parsed;
    const first = problems[0]!;
    const where = first.path.length ? `${shortName(keyOf(first.path))}: ` : '';
    throw AppError.validation(fieldErrorsOf(problems), `${where}${first.message}`);
  }
}
