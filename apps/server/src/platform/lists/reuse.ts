import type { CompiledQuery, QueryExecutor, SelectQueryBuilder } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import { type BuiltStatement, type QueryRunner, runReused } from './reused-statements.ts';

/** pagedQuery's statements compiled once per list and shape (reused-statements.ts). */

/**
 * The database or a transaction, given to pagedQuery so that it runs the statements it reuses
 * (paged-query.ts#plainPage), unless it has Kysely plugins (the query-plan tests' recorder).
 */
export type Runner = QueryRunner & { getExecutor(): QueryExecutor };

/**
 * Whether pagedQuery may reuse compiled statements on `runner`: given one, and without plugins (a
 * plugin's transformQuery must see every statement it runs, so with one each is built per run).
 */
export const reusable = (runner: Runner | undefined): runner is Runner =>
  runner !== undefined && runner.getExecutor().plugins.length === 0;

/** What a reused statement's text depends on besides its kind, order and paging: the database, the filters' SQL. */
export const reuseKey = (runner: Runner, filters: CompiledQuery) =>
  `\u0000${isPostgres(runner) ? 'pg' : 'sqlite'}\u0000${filters.sql}`;

/**
 * Whether compiled filters compare by range or pattern (`<`, `>`, LIKE): a period, for one. A
 * generic plan estimates any range at a fixed share of the rows, and read a rare status over two
 * years through the dates' index instead of the status's (query-plans test, PLAN_DEBUG); such
 * filters are planned for their values. (Read off the SQL text, whose values are all parameters:
 * a false "yes" only leaves a statement unprepared.)
 */
const comparesRanges = (filters: CompiledQuery) => /[<>]|\blike\b/i.test(filters.sql);

/** Whether statements of these compiled filters may be prepared: on PostgreSQL, none comparing a range. */
export const mayPrepare = (runner: Runner, ...filters: CompiledQuery[]) =>
  isPostgres(runner) && !filters.some(comparesRanges);

/**
 * Runs `build(filters, tail)` as runReused does (compiled once per spec and key, with the filters'
 * SQL in the key) when pagedQuery has a runner without plugins, else builds and runs it.
 * `prepare`: as runReused's, where the filters allow it (mayPrepare).
 */
export function reusedIfPlain<DB, TB extends keyof DB, I, R>(
  runner: Runner | undefined,
  spec: object,
  key: string,
  filters: SelectQueryBuilder<DB, TB, I>,
  tail: readonly unknown[],
  build: (filters: SelectQueryBuilder<DB, TB, I>, tail: readonly unknown[]) => BuiltStatement<R>,
  prepare = false,
): Promise<R[]> {
  if (!reusable(runner)) return build(filters, tail).execute();
  const compiled = filters.compile();
  return runReused(
    runner,
    spec,
    `${key}${reuseKey(runner, compiled)}`,
    compiled,
    tail,
    (t) => build(filters, t),
    prepare && mayPrepare(runner, compiled),
  );
}
