import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import { containsSearch, type TextProbe, type TextTest } from '../db/search.ts';

/**
 * How a list's "contains" filters test a row; pagedQuery picks it (its two-phase page), a module's
 * queries only pass it on to containsText:
 * - `index` (the default): through the column's search index, the plan for a rare text: only its
 *   few matches are read, then sorted;
 * - `scan`: on each row's search key, no index: a walk of the sort's index that tests each row
 *   stops after a page of a common text, which the index would fetch whole before sorting;
 * - `ignore`: not tested at all (where a bounded walk of the other filters ends);
 * - a TextProbe: not tested, but how many rows match the text alone is counted in the search index
 *   up to a limit (a rare or absent text skips the walk).
 */
export type { TextProbe, TextTest };

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
 * Use it in a where: `.where(containsText(db, { table: 'users', column: 'nome', as: 'u' }, text))`;
 * a list read by pagedQuery passes pagedQuery's TextTest as `how` (see paged-query.ts#Filtered).
 */
export function containsText<T extends keyof Database & string>(
  db: Kysely<Database>,
  on: SearchColumn<T>,
  text: string,
  how: TextTest = 'index',
): RawBuilder<SqlBool> {
  const alias = on.as ?? on.table;
  return containsSearch(db, on.table, on.column, `${alias}.${on.column}`, `${alias}.id`, text, how);
}
