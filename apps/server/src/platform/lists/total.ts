import { type SelectQueryBuilder, sql } from 'kysely';
import { KEY } from './plan.ts';

/** A first page's total (pagedQuery): counted up to a cap, never every matching row. */

/** The probe of a total: a row past the cap, or none. */
const beyondOf = <DB, TB extends keyof DB, I>(filtered: SelectQueryBuilder<DB, TB, I>, cap: number) =>
  filtered.select(sql<number>`1`.as('one')).limit(sql.lit(1)).offset(sql.lit(cap));

/** The exact count of the filtered rows (without their order: see totalColumn). */
const countOf = <DB, TB extends keyof DB, I>(filtered: SelectQueryBuilder<DB, TB, I>) =>
  filtered.clearOrderBy().select(sql<number | string>`count(*)`.as('total'));

/** The column a total is read from (totalOfPage). */
const TOTAL = `${KEY}total`;

/**
 * The filtered rows counted up to `cap` + 1, as a column of any statement over them (a first
 * page's own: pagedQuery#plainPage), without reading more than that many index entries (a count(*)
 * of a broad filter reads every matching row on each request): `cap` + 1 when a probe finds a row
 * past the cap, else the exact count, which is then at most `cap`. Both are uncorrelated
 * subqueries, which both databases run once per statement and only when needed: the count is never
 * run when the probe found a row (PostgreSQL's initplan "never executed"; SQLite's once-only
 * subquery inside the CASE). The cap is a literal: the statement's parameters are the filters',
 * in totalParameters' order. An ORDER BY of `filtered` orders the probe (the rows an index gives
 * first, where those past the cap are cheap to reach: purchases.list.queries.ts#inWaitingCountOrder);
 * the count drops it. (A one-statement count of a subquery LIMITed to `cap` + 1 was tried:
 * at the cap, the usual first page, it cost 3× the probe, 0.72 against 0.23 ms for Chamados;
 * decision 0018.)
 */
export const totalColumn = <DB, TB extends keyof DB, I>(
  filtered: SelectQueryBuilder<DB, TB, I>,
  cap: number,
) =>
  sql<number | string>`case when ${beyondOf(filtered, cap)} is not null then ${sql.lit(cap + 1)}
    else ${countOf(filtered)} end`.as(TOTAL);

/** The parameters totalColumn adds, in their order, given the filters' own (the probe's, the count's). */
export const totalParameters = (filters: readonly unknown[]): unknown[] => [...filters, ...filters];

/**
 * The total of rows read with totalColumn: none without a row, else the column's (the same on
 * every row). The column is blanked from the rows (as pageOf's keys).
 */
export function totalOfPage(found: readonly Record<string, unknown>[]): number {
  const total = found.length === 0 ? 0 : Number(found[0]?.[TOTAL]);
  for (const row of found) row[TOTAL] = undefined;
  return total;
}

/** totalColumn alone: on the first filtered row, if any (one statement). */
export async function countUpTo<DB, TB extends keyof DB, I>(
  filtered: SelectQueryBuilder<DB, TB, I>,
  cap: number,
): Promise<number> {
  const found = await filtered.select(totalColumn(filtered, cap)).limit(1).execute();
  return totalOfPage(found as Record<string, unknown>[]);
}

/** The largest of 1, 2, 5, 10, 20, 50… below `n`: "mais de 200" for 247 rows known to match. */
export function roundBelow(n: number): number {
  let below = 0;
  for (let step = 1; step < n; step *= 10) {
    for (const m of [1, 2, 5]) if (step * m < n) below = step * m;
  }
  return below;
}
