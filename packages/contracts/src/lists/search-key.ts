/**
 * The form in which text is searched: lower case, accents and other combining marks removed
 * ("Conceição" → "conceicao"). The server indexes this form of every searchable column (SQLite: the
 * `search_key` function it registers; PostgreSQL: the `search_key` SQL function of migration
 * 0010, `unaccent` + `lower`) and a web screen may use it to filter a list it already holds.
 */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
