import { Group, Input } from '@mantine/core';
import {
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
  useId,
  useImperativeHandle,
  useRef,
} from 'react';

export interface CodeInputHandle {
  focus(index?: number): void;
}

interface CodeInputProps {
  /** One entry per box: a single digit or ''. */
  value: string[];
  onChange(value: string[]): void;
  label: string;
  description?: string;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  ref?: Ref<CodeInputHandle>;
}

/**
 * The six boxes of the recovery code (spec §5): digits only, one per box, focus moves forward on
 * typing, Backspace on an empty box moves back and clears the previous one, and a pasted (or
 * autofilled) code fills the boxes. Mantine's PinInput was not used: its Backspace on an empty box
 * only moves back, and its controlled value collapses a cleared middle box.
 */
export function CodeInput({
  value,
  onChange,
  label,
  description,
  error,
  disabled,
  autoFocus,
  ref,
}: CodeInputProps) {
  const id = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;

  const focusAt = (index: number) => {
    const input = inputs.current[Math.max(0, Math.min(length - 1, index))];
    input?.focus();
    input?.select();
  };
  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusAt(index) }));

  /** Writes digits from `start` on and moves to the box after the last one written. */
  const fill = (start: number, digits: string) => {
    const next = [...value];
    const chars = digits.slice(0, length - start).split('');
    chars.forEach((d, k) => {
      next[start + k] = d;
    });
    onChange(next);
    focusAt(start + chars.length);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>, index: number) => {
    const raw = event.target.value;
    if (raw === '') {
      const next = [...value];
      next[index] = '';
      onChange(next);
      return;
    }
    let digits = raw.replace(/\D/g, '');
    if (!digits) return; // a letter or sign: ignored, the box keeps its digit
    // Typed over a box that kept its digit: keep only the new one.
    if (digits.length === 2 && value[index] && digits.startsWith(value[index])) digits = digits.slice(1);
    fill(index, digits);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      const next = [...value];
      next[index - 1] = '';
      onChange(next);
      focusAt(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusAt(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusAt(index + 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>, index: number) => {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (!digits) return;
    fill(digits.length >= length ? 0 : index, digits);
  };

  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId, htmlFor: `${id}-0` }}
      description={description}
      error={error}
      errorProps={{ id: errorId }}
    >
      <Group role="group" aria-labelledby={labelId} gap={8} wrap="nowrap" mt={6} dir="ltr">
        {value.map((digit, index) => (
          <Input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, fixed in number
            key={index}
            id={`${id}-${index}`}
            ref={(node: HTMLInputElement | null) => {
              inputs.current[index] = node;
            }}
            aria-label={`Dígito ${index + 1} de ${length}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            value={digit}
            onChange={(e: ChangeEvent<HTMLInputElement>) => handleChange(e, index)}
            onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => handleKeyDown(e, index)}
            onPaste={(e: ClipboardEvent<HTMLInputElement>) => handlePaste(e, index)}
            onFocus={(e: FocusEvent<HTMLInputElement>) => e.target.select()}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            autoFocus={autoFocus && index === 0}
            disabled={disabled}
            error={Boolean(error)}
            size="lg"
            flex={1}
            miw={0}
            maw={52}
            styles={{ input: { textAlign: 'center', fontWeight: 700, fontSize: 22, paddingInline: 0 } }}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}
