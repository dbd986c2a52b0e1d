const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/** Formats the digits typed so far as (00) 00000-0000, or (00) 0000-0000 for a landline. */
export function formatPhone(value: string | null | undefined): string {
  const d = digits(value).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const area = `(${d.slice(0, 2)}) `;
  const rest = d.slice(2);
  if (rest.length <= 4) return area + rest;
  const split = d.length === 11 ? 5 : 4;
  return `${area}${rest.slice(0, split)}-${rest.slice(split)}`;
}

export const phoneDigits = (value: string) => digits(value).slice(0, 11);
