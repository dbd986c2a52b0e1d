import { type QueryExecutor, type RawBuilder, type SqlBool, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * A set of ids a query tests rows against, as one parameter whatever its size (an `in (?, ?, …)`
 * list has a variable per id, which databases cap): SQLite reads a JSON array with `json_each`,
 * PostgreSQL an int array with `= any(…)`. Build it once and reuse it: the JSON text is made here.
 */
export interface IdSet {
  ids: readonly number[];
  json: string;
}

export const idSet = (ids: Iterable<number>): IdSet => {
  const list = [...ids];
  return { ids: list, json: JSON.stringify(list) };
};

/** `ref` (a column reference) is one of the set's ids. */
export function inIdSet(db: { getExecutor(): QueryExecutor }, ref: string, set: IdSet): RawBuilder<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(ref)} = any(${set.ids}::int[])`
    : sql<SqlBool>`${sql.ref(ref)} in (select value from json_each(${set.json}))`;
}

/** The one parameter `inIdSet` binds for the set, for a statement compiled once (compiled-once.ts). */
export const idSetValue = (db: { getExecutor(): QueryExecutor }, set: IdSet): unknown =>
  isPostgres(db) ? set.ids : set.json;
