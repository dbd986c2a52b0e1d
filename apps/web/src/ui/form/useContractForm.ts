import { type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';

// biome-ignore lint/suspicious/noExplicitAny: a form's values are a record of any fields
type FormSchema = z.ZodType<unknown, Record<string, any>>;

export type ContractForm<S extends FormSchema> = UseFormReturnType<
  z.input<S>,
  (values: z.input<S>) => z.output<S>
>;

/**
 * A form checked by the same contracts schema the server validates with (ARCHITECTURE.md rule 10):
 * each field shows its first Portuguese message, and `onSubmit` hands over the parsed values
 * (trimmed, coerced, transformed) exactly as the server will read them.
 */
export function useContractForm<S extends FormSchema>(
  schema: S,
  options: Omit<
    UseFormInput<z.input<S>, (values: z.input<S>) => z.output<S>>,
    'validate' | 'transformValues'
  > & {
    initialValues: z.input<S>;
  },
): ContractForm<S> {
  return useForm<z.input<S>, (values: z.input<S>) => z.output<S>>({
    mode: 'controlled',
    validateInputOnBlur: true,
    ...options,
    validate: zod4Resolver(schema),
    transformValues: (values) => schema.parse(values),
  });
}
