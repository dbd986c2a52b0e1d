import { type CompiledQuery, type SelectQueryBuilder, sql } from 'kysely';
import { KEY, type Plan } from './paged-plan.ts';
import { type QueryRunner, runReused } from './reused-statements.ts';

/** A first page's total (pagedQuery): counted up to a cap, never every matching row. */

/**
 * How a plain page reuses its compiled statements (reused-statements.ts): who runs them, the list's
 * spec they are kept under, the filters compiled alone, and the key of the filters' SQL.
 */
export interface Reuse {
  runner: QueryRunner;
  owner: object;
  filters: CompiledQuery;
  key: string;
  /** Whether its statements may be prepared (runReused's `prepare`). */
  prepare: boolean;
}

/**
 * The filtered rows, counted up to `cap` + 1 without reading more than that many index entries
 * (a count(*) of a broad filter reads every matching row on each request): a probe for a row past
 * the cap, and only when there is none, the exact count, which is then at most `cap`. Neither
 * hands rows to JavaScript. (A one-statement count of a subquery LIMITed to `cap` + 1 was tried:
 * at the cap, the usual first page, it cost 3× the probe, 0.72 against 0.23 ms for Chamados;
 * docs/performance.md, "Idle-machine run after the fourth pass".)
 */
export async function countUpTo<DB, TB extends keyof DB, I>(
  filtered: SelectQueryBuilder<DB, TB, I>,
  cap: number,
) {
  const beyond = await beyondOf(filtered, cap).execute();
  return beyond.length > 0 ? cap + 1 : exactCount(filtered);
}

/** The probe of countUpTo: a row past the cap, or none. */
const beyondOf = <DB, TB extends keyof DB, I>(filtered: SelectQueryBuilder<DB, TB, I>, cap: number) =>
  filtered.select(sql<number>`1`.as('one')).limit(sql.lit(1)).offset(sql.lit(cap));

/** The column a first page carries its probe in (a plain page: pagedQuery#plainPage). */
const BEYOND = `${KEY}beyond`;

/**
 * countUpTo's probe as a column of the page's own statement: one statement less on the first page
 * of every list. An uncorrelated subquery, run once per statement by both databases (1 when a row
 * lies past the cap, else NULL). The cap is a literal, so the statement's parameters stay the
 * filters' (reused-statements.ts). Read back by totalOfPage.
 */
export const beyondColumn = <DB, TB extends keyof DB, I>(
  filtered: SelectQueryBuilder<DB, TB, I>,
  cap: number,
) => beyondOf(filtered, cap).as(BEYOND);

/**
 * The total of a first page read with beyondColumn, without another statement when the page
 * tells it: none (no row), past the cap, or every row (a page not full). Otherwise `count` is
 * asked (the exact count, at most the cap). The column is blanked from the rows (as pageOf's keys).
 */
export function totalOfPage(
  found: readonly Record<string, unknown>[],
  plan: Plan,
  count: () => Promise<number>,
): number | Promise<number> {
  const past = found[0]?.[BEYOND] != null;
  for (const row of found) row[BEYOND] = undefined;
  if (found.length === 0) return 0;
  if (past) return plan.cap + 1;
  // A keyed page reads one row more than it shows; an offset page, exactly its size.
  if (plan.keyed ? found.length <= plan.pageSize : found.length < plan.pageSize) return found.length;
  return count();
}

/** The exact count of the filtered rows (compiled once per filters' SQL when `reuse` is given). */
export async function exactCount<DB, TB extends keyof DB, I>(
  filtered: SelectQueryBuilder<DB, TB, I>,
  reuse?: Reuse,
) {
  const countOf = () =>
    filtered.select(sql<number | string>`count(*)`.as('total')).$castTo<{ total: number | string }>();
  if (!reuse) return Number((await countOf().executeTakeFirstOrThrow()).total);
  const [counted] = await runReused(
    reuse.runner,
    reuse.owner,
    `count${reuse.key}`,
    reuse.filters,
    [],
    countOf,
    reuse.prepare,
  );
  if (!counted) throw new Error('count(*) answered no row');
  return Number(counted.total);
}

/** The largest of 1, 2, 5, 10, 20, 50… below `n`: "mais de 200" for 247 rows known to match. */
export function roundBelow(n: number): number {
  let below = 0;
  for (let step = 1; step < n; step *= 10) {
    for (const m of [1, 2, 5]) if (step * m < n) below = step * m;
  }
  return below;
}
