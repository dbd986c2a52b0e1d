import { InputBase, type InputBaseProps } from '@mantine/core';
import { IMaskInput } from 'react-imask';
import { MASKS, type MaskName, TEXT_MASKS } from './masks.ts';

export interface MaskedInputProps extends InputBaseProps {
  mask: MaskName;
  /** The value without mask characters (digits; a plate keeps its letters). */
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
 * A Mantine input with one of the spec's masks (CPF, PIS, RG, phone, registration, CNPJ, plate, hour): shows
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
      inputMode={TEXT_MASKS.has(mask) ? 'text' : 'numeric'}
      prepareChar={TEXT_MASKS.has(mask) ? (c: string) => c.toUpperCase() : undefined}
      onAccept={(digits: string) => {
        if (digits !== (value ?? '')) onChange?.(digits);
      }}
    />
  );
}
