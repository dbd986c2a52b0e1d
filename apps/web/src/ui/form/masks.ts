/**
 * The input masks of spec §5, in one place (react-imask patterns: 0 = a digit). Values travel
 * without the mask characters: the server strips them too.
 */
export const MASKS = {
  cpf: '000.000.000-00',
  pis: '000.00000.00-0',
  rg: '00.000.000-0',
  phone: '(00) 00000-0000',
  /** Employee registration: three digits (spec §5). */
  employeeRegistration: '000',
  /** User registration (matrícula): up to four digits. */
  userRegistration: '0000',
} as const;

export type MaskName = keyof typeof MASKS;

/** Only the digits of a masked value, as the contracts schemas expect. */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');
