import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { createZodDto, ZodValidationPipe } from './zod-validation.pipe';

const Dto = createZodDto(
  z.object({ name: z.string().min(1, 'Name is required'), width: z.number().min(46, 'Width must be at least 46 characters') }),
);

describe('ZodValidationPipe', () => {
  const pipe = new ZodValidationPipe();

  it('returns the parsed value for valid input', () => {
    expect(pipe.transform({ name: 'Till', width: 48 }, { type: 'body', metatype: Dto })).toEqual({ name: 'Till', width: 48 });
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
});
