import type { HrOption } from '@intranet/contracts';

/** A numbered HR list as Select data (values travel as text in Mantine's Select). */
export const selectData = (options: readonly HrOption[]) =>
  options.map((o) => ({ value: String(o.id), label: o.label }));

/** Select props for a numeric field of a contract form (0 or null: nothing chosen yet). */
export function numberSelect(value: number | null | undefined, onChange: (v: number | null) => void) {
  return {
    value: value ? String(value) : null,
    onChange: (v: string | null) => onChange(v === null ? null : Number(v)),
  };
}
