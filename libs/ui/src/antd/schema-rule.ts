import type { FormRule } from 'antd';

/** Any contract schema (zod): what a form rule needs of it. */
interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * An antd rule that checks a field with its contract schema, so the form says exactly what the
 * API would (one source of truth for every rule and message). Empty optional fields pass.
 */
export function schemaRule(schema: Schema, options: { optional?: boolean } = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (options.optional && (value === undefined || value === null || value === '')) return;
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'This value is not valid.');
    },
  };
}
