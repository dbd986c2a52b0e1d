import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import { containsSearch, matchingIds, type TextProbe, type TextTest } from '../db/search.ts';

/**
 * How a list's "contains" filters test a row; pagedQuery picks it (its two-phase page), a module's
 * queries only pass it on to containsText:
 * - `index` (the default): through the column's search index, the plan for a rare text: only its
 *   few matches are read, then sorted;
 * - `scan`: on each row's stored search key (`search_<column>`), no index: a walk of the sort's
 *   index that tests each row stops after a page of a common text, which the index would fetch
 *   whole before sorting;
 * - `ignore`: not tested at all (where a bounded walk of the other filters ends);
 * - a TextProbe: not tested; the filter only says that its two forms differ.
 */
export type { TextProbe, TextTest };

/** A column indexed for search by a migration's `createSearchIndex(db, table, [column, …])`. */
export interface SearchColumn<T extends keyof Database & string, C extends keyof Database[T] & string> {
  table: T;
  column: C;
  /** The table's alias in the query (the table's name unless said). */
  as?: string;
}

/**
 * How a column may be tested: only a column whose search form is also stored in its row
 * (`search_<column>`, a migration's `createSearchKeys`) may be walked row by row; others only
 * through the search index.
 */
export type TestOf<T extends keyof Database, C extends string> = `search_${C}` extends keyof Database[T]
  ? TextTest
  : 'index';

/**
 * The one way a list filters by "contains": `column` contains `text`, ignoring accents and case
 * ("joao" finds "João"), through the column's search index on both databases (db/search.ts).
 * Use it in a where: `.where(containsText(db, { table: 'users', column: 'nome', as: 'u' }, text))`;
 * a list read by pagedQuery passes pagedQuery's TextTest as `how` (see lists/paged-query.ts#Filtered).
 */
export function containsText<T extends keyof Database & string, C extends keyof Database[T] & string>(
  db: Kysely<Database>,
  on: SearchColumn<T, C>,
  text: string,
  how?: TestOf<T, C>,
): RawBuilder<SqlBool> {
  return containsSearch(db, on.table, on.column, on.as ?? on.table, text, (how ?? 'index') as TextTest);
}

/**
 * The ids of the rows whose `column` (or any of several) contains `text`, accents and case ignored,
 * and that pass `where` (a test of the row, aliased `t`), for a page read newest first:
 * `.selectFrom(newestMatches(db, on, text, where).as('m'))`, ordered by `m.id` descending (on SQLite
 * the search index then reads its matches in that order and stops at the LIMIT;
 * db/search.ts#matchingIds).
 */
export function newestMatches<T extends keyof Database & string, C extends keyof Database[T] & string>(
  db: Kysely<Database>,
  on: { table: T; column: C | readonly C[] },
  text: string,
  where?: RawBuilder<SqlBool>,
): RawBuilder<{ id: number }> {
  return matchingIds(db, on.table, on.column, text, where);
}

/** A record's number as a search box's text may type it ("123", "#123"), or undefined. */
export function numberTyped(text: string): number | undefined {
  const digits = /^#?\s*(\d{1,9})$/.exec(text.trim())?.[1];
  return digits ? Number(digits) : undefined;
}

/** The newest `limit` of several newest-first reads of one table's rows, each row once. */
export function newestOf<R extends { id: number }>(reads: readonly (readonly R[])[], limit: number): R[] {
  const byId = new Map<number, R>();
  for (const row of reads.flat()) byId.set(row.id, row);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, limit);
}
