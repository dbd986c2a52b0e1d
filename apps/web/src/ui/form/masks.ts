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
  /** A time of day, shown HH:MM (calendar.dates.ts#normalizeHour caps the hour and the minute). */
  hour: '00:00',
} as const;

/** Masks whose value has letters: typed upper case, not on a numeric keyboard. */
export const TEXT_MASKS: ReadonlySet<MaskName> = new Set(['plate']);

export type MaskName = keyof typeof MASKS;

/** Only the digits (letters too for a plate) of a masked value, as the contracts schemas expect. */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/**
 * A stored value shown with its mask ("52377809464" → "523.778.094-64"), for read-only screens; a
 * value that does not fill the mask exactly is shown as stored.
 */
export function withMask(mask: MaskName, value: string | null | undefined): string {
  const pattern = MASKS[mask];
  const chars = [...(value ?? '')];
  const slots = [...pattern].filter((c) => c === '0' || c === 'a' || c === '*').length;
  if (chars.length !== slots) return value ?? '';
  let next = 0;
  return [...pattern].map((c) => (c === '0' || c === 'a' || c === '*' ? chars[next++] : c)).join('');
}
