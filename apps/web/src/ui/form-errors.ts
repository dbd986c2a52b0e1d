import type { z } from 'zod';

/** The first message of each invalid field, keyed by field name. */
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export type Validation<S extends z.ZodType> =
  | { ok: true; data: z.output<S>; errors: FieldErrors<z.input<S>> }
  | { ok: false; data: undefined; errors: FieldErrors<z.input<S>> };

/**
 * For the sign-in page only, which must stay within its first-load budget without @mantine/form and
 * the zod resolver (decision 0016); every other form uses useContractForm.
 * Checks form values against a schema of @intranet/contracts (the same rules the server applies)
 * and answers the parsed data or the first Portuguese message of each field.
 */
export function validate<S extends z.ZodType>(schema: S, values: z.input<S>): Validation<S> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return { ok: false, data: undefined, errors: errors as FieldErrors<z.input<S>> };
}
