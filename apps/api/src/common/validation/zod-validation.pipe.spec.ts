import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { createZodDto, holdsMoreThan, MAX_INPUT_VALUES, TOO_MANY_VALUES_MESSAGE, ZodValidationPipe } from './zod-validation.pipe';

const NUL_MESSAGE = 'Text cannot contain a NUL character (U+0000).';

const Dto = createZodDto(
  z.object({ name: z.string().min(1, 'Name is required'), width: z.number().min(46, 'Width must be at least 46 characters') }),
);

describe('ZodValidationPipe', () => {
  const pipe = new ZodValidationPipe();

  it('returns the parsed value for valid input', () => {
    expect(pipe.transform({ name: 'Till', width: 48 }, { type: 'body', metatype: Dto })).toEqual({ name: 'Till', width: 48 });
  });

  it('a body of 70,000 unknown keys is refused at once, with a short answer naming the limit', () => {
    const body = Object.fromEntries(Array.from({ length: 70_000 }, (_, i) => [`key${i}`, i]));
    const refusal = (() => {
      try {
        pipe.transform(body, { type: 'body', metatype: createZodDto(z.strictObject({ username: z.string() })) });
      } catch (error) {
        return error as AppError;
      }
      throw new Error('expected a validation error');
    })();
    expect([refusal.status, refusal.message, refusal.fieldErrors]).toEqual([400, TOO_MANY_VALUES_MESSAGE, { _: [TOO_MANY_VALUES_MESSAGE] }]);
    expect(holdsMoreThan([Array.from({ length: MAX_INPUT_VALUES - 1 })], MAX_INPUT_VALUES)).toBe(false);
    expect(holdsMoreThan([Array.from({ length: MAX_INPUT_VALUES - 1 }), 1], MAX_INPUT_VALUES)).toBe(true);
    // Deep nesting counts too, without recursion.
    let deep: unknown = 'leaf';
    for (let i = 0; i <= MAX_INPUT_VALUES; i++) deep = [deep];
    expect(holdsMoreThan(deep, MAX_INPUT_VALUES)).toBe(true);
  });

  it('names at most 20 fields (the rest summed up) and cuts long field names, so a bad body gets a small answer', () => {
    const body = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`${'x'.repeat(500)}${i}`, i]));
    try {
      pipe.transform({ username: 'a', ...body }, { type: 'body', metatype: createZodDto(z.strictObject({ username: z.string() })) });
      throw new Error('expected a validation error');
    } catch (error) {
      const fieldErrors = (error as AppError).fieldErrors!;
      expect(Object.keys(fieldErrors)).toHaveLength(21);
      expect(fieldErrors._).toEqual(['And 280 more fields need your attention: fix these first.']);
      expect(Math.max(...Object.keys(fieldErrors).map((key) => key.length))).toBeLessThanOrEqual(100);
      expect(JSON.stringify(fieldErrors).length).toBeLessThan(10_000);
    }
  });

  it('answers 400 with a message and errors per field', () => {
    try {
      pipe.transform({ name: '', width: 40 }, { type: 'body', metatype: Dto });
      throw new Error('expected a validation error');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const appError = error as AppError;
      expect(appError.status).toBe(400);
      expect(appError.message).toBe('name: Name is required');
      expect(appError.fieldErrors).toEqual({ name: ['Name is required'], width: ['Width must be at least 46 characters'] });
    }
  });

  it('leaves inputs without a schema alone', () => {
    expect(pipe.transform('42', { type: 'param', metatype: String })).toBe('42');
  });

  const refusal = (value: unknown, metadata: Parameters<ZodValidationPipe['transform']>[1]): AppError => {
    try {
      pipe.transform(value, metadata);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    }
    throw new Error('expected a validation error');
  };

  it('refuses a NUL character in any string of a body, naming the field', () => {
    const error = refusal({ name: 'Ti\u0000ll', width: 48 }, { type: 'body', metatype: Dto });
    expect(error.status).toBe(400);
    expect(error.message).toBe(`name: ${NUL_MESSAGE}`);
    expect(error.fieldErrors).toEqual({ name: [NUL_MESSAGE] });
  });

  it('refuses NUL deep inside bodies, queries and params, with or without a schema', () => {
    expect(refusal({ rows: [{ line: 1 }, { itemName: 'a\u0000b' }] }, { type: 'body', metatype: Object }).fieldErrors).toEqual({
      'rows.1.itemName': [NUL_MESSAGE],
    });
    expect(refusal({ search: 'a\u0000b', locations: ['x', 'y\u0000'] }, { type: 'query', metatype: Object }).fieldErrors).toEqual({
      search: [NUL_MESSAGE],
      'locations.1': [NUL_MESSAGE],
    });
    expect(refusal('4\u00002', { type: 'param', metatype: String }).message).toBe(NUL_MESSAGE);
    expect(refusal({ ['k\u0000']: 1 }, { type: 'body', metatype: Object }).fieldErrors).toEqual({ 'k\u0000': [NUL_MESSAGE] });
  });

  it('walks a deeply nested input without overflowing the stack', () => {
    let deep: unknown = 'a\u0000b';
    for (let depth = 0; depth < 200_000; depth++) deep = [deep];
    expect(refusal(deep, { type: 'body', metatype: Object }).status).toBe(400);
  });

  it('leaves custom parameters (the signed-in context) alone', () => {
    const auth = { user: { name: 'a\u0000b' } };
    expect(pipe.transform(auth, { type: 'custom', metatype: Object })).toBe(auth);
  });

  it('names each unknown field of a strict schema at its own key', () => {
    const Strict = createZodDto(z.strictObject({ name: z.string(), inner: z.strictObject({ a: z.number() }).optional() }));
    const error = refusal({ name: 'Till', foo: 1, inner: { a: 1, bar: 2 } }, { type: 'body', metatype: Strict });
    expect(['foo: Unknown field "foo".', 'inner.bar: Unknown field "bar".']).toContain(error.message);
    expect(error.fieldErrors).toEqual({ foo: ['Unknown field "foo".'], 'inner.bar': ['Unknown field "bar".'] });
  });
});
