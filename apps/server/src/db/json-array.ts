import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import { isPostgres } from './dialect.ts';

/**
 * Kysely's `jsonArrayFrom` of the database's dialect: a sub-select's rows as one JSON array column
 * of the outer row. For a statement that reads one row (the session's): in a list's page, the
 * sub-select runs once per row and PostgreSQL plans it on every request, which cost more than a
 * statement of its own (decision 0021). Read the column with
 * `jsonList`.
 */
export const jsonArrayFor = (db: Parameters<typeof isPostgres>[0]) =>
  isPostgres(db) ? pgJsonArrayFrom : sqliteJsonArrayFrom;

/** A `jsonArrayFor` column: already parsed by PostgreSQL's driver, text on SQLite. */
export const jsonList = <T>(value: T[] | string): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : value;

/** Orders by `name` in code points, as SQLite's default collation does. */
export const byName = (a: { name: string }, b: { name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
