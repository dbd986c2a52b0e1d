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
  cnpj: '00.000.000/0000-00',
  /** A vehicle plate, old (ABC-1234) or Mercosul (ABC-1D23): letters, digit, letter or digit, digits. */
  plate: 'aaa-0*00',
} as const;

/** Masks whose value has letters: typed upper case, not on a numeric keyboard. */
export const TEXT_MASKS: ReadonlySet<MaskName> = new Set(['plate']);

export type MaskName = keyof typeof MASKS;

/** Only the digits (letters too for a plate) of a masked value, as the contracts schemas expect. */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');
