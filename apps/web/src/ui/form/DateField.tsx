import { isDateOnly, parseDateInput } from '@intranet/contracts';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { type FocusEvent, useEffect, useRef, useState } from 'react';

export interface DateFieldProps
  extends Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser'> {
  /** The day as `yyyy-MM-dd`, '' when empty, or the text typed when it is no day (the form's schema refuses it). */
  value?: string | null;
  onChange?: (value: string) => void;
}

/**
 * The one date input of every form: Mantine's, in Portuguese (the app's DatesProvider, dayjs
 * pt-br), shown and typed `dd/mm/aaaa` whatever the browser's language, with a calendar to pick
 * from. It hands over `yyyy-MM-dd` (what the schemas and the API read). Text that is no day is kept
 * on screen and handed over as typed when the field is left, so the form's contracts schema says
 * why ("Data inválida (use dd/mm/aaaa).") instead of the field silently going back.
 */
export function DateField({ value, onChange, onBlur, popoverProps, ...props }: DateFieldProps) {
  const day = value && isDateOnly(value) ? value : null;
  // While the form holds typed text that is no day, the input keeps its last day (and the text shown).
  const lastDay = useRef<string | null>(day);
  if (day || !value) lastDay.current = day;
  // A form reset while the input shows unreadable text: a fresh input, empty.
  const [generation, setGeneration] = useState(0);
  const showsText = useRef(false);
  // While its calendar is open, Escape closes the calendar only, not the dialog or drawer around it
  // (Mantine's modals skip an Escape whose target says data-mantine-stop-propagation).
  const [calendarOpen, setCalendarOpen] = useState(false);
  useEffect(() => {
    if (!value && showsText.current) {
      showsText.current = false;
      setGeneration((g) => g + 1);
    }
  }, [value]);

  return (
    <DateInput
      key={generation}
      placeholder="dd/mm/aaaa"
      leftSection={<IconCalendar size={16} aria-hidden />}
      {...props}
      data-mantine-stop-propagation={calendarOpen || undefined}
      popoverProps={{
        ...popoverProps,
        onOpen: () => {
          setCalendarOpen(true);
          popoverProps?.onOpen?.();
        },
        onClose: () => {
          setCalendarOpen(false);
          popoverProps?.onClose?.();
        },
      }}
      value={day ?? lastDay.current}
      valueFormat="DD/MM/YYYY"
      dateParser={parseDateInput}
      fixOnBlur={false}
      clearable={props.clearable ?? !props.readOnly}
      onChange={(next) => {
        showsText.current = false;
        onChange?.(next ?? '');
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        const text = event.currentTarget.value.trim();
        if (text && parseDateInput(text) === null) {
          showsText.current = true;
          onChange?.(text);
        }
        onBlur?.(event);
      }}
    />
  );
}
