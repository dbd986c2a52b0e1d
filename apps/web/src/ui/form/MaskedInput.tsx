import { InputBase, type InputBaseProps } from '@mantine/core';
import { IMaskInput } from 'react-imask';
import { MASKS, type MaskName } from './masks.ts';

export interface MaskedInputProps extends InputBaseProps {
  mask: MaskName;
  /** The value without mask characters (digits). */
  value?: string;
  onChange?: (digits: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  name?: string;
  placeholder?: string;
  autoComplete?: string;
  'data-testid'?: string;
}

/**
 * A Mantine input with one of the spec's masks (CPF, PIS, RG, phone, registration): shows
 * `000.000.000-00` while typing and reports only the digits, so it plugs into a contract form
 * with `{...form.getInputProps('cpf')}`.
 */
export function MaskedInput({ mask, value, onChange, ...props }: MaskedInputProps) {
  return (
    <InputBase
      {...props}
      component={IMaskInput}
      mask={MASKS[mask]}
      value={value ?? ''}
      unmask
      inputMode="numeric"
      onAccept={(digits: string) => {
        if (digits !== (value ?? '')) onChange?.(digits);
      }}
    />
  );
}
