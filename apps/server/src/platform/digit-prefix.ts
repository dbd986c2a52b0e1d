/**
 * A search typed as digits (a matrícula or CPF, masked or not): its digits, else ''. Digit-only
 * columns are searched by prefix as an index range, `[digits, digits + "999…"]` (LIKE 'x%' uses no
 * index on either database: case-insensitive on SQLite, a non-C collation on PostgreSQL).
 */
export function searchedDigits(text: string): string {
  const t = text.trim();
  return /^[\d.\-\s]+$/.test(t) ? t.replace(/\D/g, '') : '';
}

/** The inclusive range of a digit-only column's values starting with `digits`. */
export function digitPrefixRange(digits: string): readonly [string, string] {
  return [digits, `${digits}${'9'.repeat(12)}`];
}
