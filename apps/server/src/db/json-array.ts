import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import { isPostgres } from './dialect.ts';

/**
 * Kysely's `jsonArrayFrom` of each dialect: a sub-select's rows as one JSON array column of the
 * outer row, so a list reads each row's few related names in its own statement instead of a second
 * one. Read the column with `jsonList`.
 */
export const JSON_ARRAY_FROM = { postgres: pgJsonArrayFrom, sqlite: sqliteJsonArrayFrom } as const;

/** The database's dialect, as JSON_ARRAY_FROM names it. */
export const dialectOf = (db: Parameters<typeof isPostgres>[0]) => (isPostgres(db) ? 'postgres' : 'sqlite');

/** JSON_ARRAY_FROM of the database's dialect. */
export const jsonArrayFor = (db: Parameters<typeof isPostgres>[0]) => JSON_ARRAY_FROM[dialectOf(db)];

/** A `jsonArrayFor` column: already parsed by PostgreSQL's driver, text on SQLite. */
export const jsonList = <T>(value: T[] | string): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : value;

/** Orders by `name` in code points, as SQLite's default collation does. */
export const byName = (a: { name: string }, b: { name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
