import { type ColumnFilterSpec, LIMITS, selectFilterOptions } from '@intranet/contracts';
import { Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useOrgLists } from '../api/org.ts';

interface FilterInputProps {
  filter: ColumnFilterSpec;
  label: string;
  /** The draft as text: a date range is `from..to` (the end may still be empty while picking). */
  value: string;
  onChange: (value: string) => void;
  /** Inside a popover: the pickers open in place instead of in a portal. */
  inPopover?: boolean;
  autoFocus?: boolean;
}

/** The input of a column's filter kind: text (15 characters at most), number, option list or date range. */
export function FilterInput({ filter, label, value, onChange, inPopover, autoFocus }: FilterInputProps) {
  const org = useOrgLists();
  switch (filter.kind) {
    case 'text':
    case 'number':
      return (
        <TextInput
          label={label}
          maxLength={LIMITS.filterInputMax}
          inputMode={filter.kind === 'number' ? 'numeric' : undefined}
          value={value}
          onChange={(e) => {
            const text = e.currentTarget.value;
            onChange(filter.kind === 'number' ? text.replace(/\D/g, '') : text);
          }}
          data-autofocus={autoFocus || undefined}
        />
      );
    case 'select':
      return (
        <Select
          label={label}
          placeholder="Todos"
          clearable
          data={selectFilterOptions(filter, org)}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          comboboxProps={{ withinPortal: !inPopover }}
        />
      );
    case 'dateRange': {
      const [from, to] = value.split('..');
      return (
        <DatePickerInput
          type="range"
          label={label}
          placeholder="Período"
          valueFormat="DD/MM/YYYY"
          clearable
          allowSingleDateInRange
          value={[from || null, to || null]}
          onChange={([start, end]) => onChange(start ? `${start}..${end ?? ''}` : '')}
          popoverProps={{ withinPortal: !inPopover }}
        />
      );
    }
  }
}
