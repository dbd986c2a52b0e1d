/** The two check digits of a CPF's first 9 (or 10) digits: Receita Federal's modulo-11 rule. */
function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** CPF check digits (Receita Federal's modulo-11 rule): a typo or an invented number is refused. */
export function isValidCpf(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  return checkDigit(digits, 9) === Number(digits[9]) && checkDigit(digits, 10) === Number(digits[10]);
}

/** The 11 digits of the CPF whose first nine are `base` (fictitious people for tests and fixtures). */
export function cpfWithCheckDigits(base: string): string {
  const nine = base.replace(/\D/g, '').padStart(9, '0').slice(-9);
  const ten = `${nine}${checkDigit(nine, 9)}`;
  return `${ten}${checkDigit(ten, 10)}`;
}

/**
 * A CPF as a person or a spreadsheet typed it: with or without its mask; a cell read as a number
 * lost its leading zeros, so plain digits are padded back to 11 (the check digits still decide).
 * Its 11 digits, or undefined when it is no valid CPF.
 */
export function readCpf(text: string): string | undefined {
  let digits = text.replace(/\D/g, '');
  if (/^\d{9,10}$/.test(text.trim())) digits = digits.padStart(11, '0');
  return isValidCpf(digits) ? digits : undefined;
}
