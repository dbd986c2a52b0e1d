import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import { containsSearch } from '../db/search.ts';

/** A column indexed for search by a migration's `createSearchIndex(db, table, [column, …])`. */
export interface SearchColumn<T extends keyof Database & string> {
  table: T;
  column: keyof Database[T] & string;
  /** The table's alias in the query (the table's name unless said). */
  as?: string;
}

/**
 * The one way a list filters by "contains": `column` contains `text`, ignoring accents and case
 * ("joao" finds "João"), through the column's search index on both databases (db/search.ts).
 * Use it in a where: `.where(containsText(db, { table: 'users', column: 'nome', as: 'u' }, text))`.
 */
export function containsText<T extends keyof Database & string>(
  db: Kysely<Database>,
  on: SearchColumn<T>,
  text: string,
): RawBuilder<SqlBool> {
  const alias = on.as ?? on.table;
  return containsSearch(db, on.table, on.column, `${alias}.${on.column}`, `${alias}.id`, text);
}
