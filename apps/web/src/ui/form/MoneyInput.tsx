import { InputBase, type InputBaseProps } from '@mantine/core';
import { forwardRef } from 'react';
import { IMaskInput } from 'react-imask';

export interface MoneyInputProps extends InputBaseProps {
  /** The amount in reais as a decimal number (what the server receives), or '' when empty. */
  value?: number | '';
  onChange?: (value: number | '') => void;
  onBlur?: () => void;
  name?: string;
  placeholder?: string;
}

type BrlMaskProps = Omit<React.ComponentPropsWithoutRef<'input'>, 'value' | 'onChange'> & {
  value: string;
  onAccept: (typed: unknown) => void;
};

/** `R$ 1.234,56` while typing; the typed value is the number. */
const BrlMask = forwardRef<HTMLInputElement, BrlMaskProps>(function BrlMask(
  { value, onAccept, ...rest },
  ref,
) {
  return (
    <IMaskInput
      {...rest}
      inputRef={ref}
      mask="R$ num"
      blocks={{
        num: {
          mask: Number,
          scale: 2,
          thousandsSeparator: '.',
          radix: ',',
          mapToRadix: ['.'],
          padFractionalZeros: true,
          normalizeZeros: true,
          min: 0,
          max: 999_999_999.99,
        },
      }}
      unmask="typed"
      value={value}
      onAccept={onAccept}
    />
  );
});

/** BRL money: shows `R$ 1.234,56` while typing and hands over 1234.56 (spec §5, quotes). */
export function MoneyInput({ value, onChange, ...props }: MoneyInputProps) {
  return (
    <InputBase
      {...props}
      component={BrlMask}
      value={value === '' || value === undefined ? '' : String(value)}
      inputMode="decimal"
      onAccept={(typed: unknown) => {
        // The 'R$ num' pattern's typed value is its unmasked text ("1234.5"), not a number.
        const n =
          typeof typed === 'number'
            ? typed
            : typeof typed === 'string' && typed !== ''
              ? Number(typed)
              : Number.NaN;
        const next = Number.isFinite(n) ? n : '';
        if (next !== value) onChange?.(next);
      }}
    />
  );
}
