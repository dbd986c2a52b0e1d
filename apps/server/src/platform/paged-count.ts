import { type CompiledQuery, type SelectQueryBuilder, sql } from 'kysely';
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
  reuse?: Reuse,
) {
  const beyondOf = (tail: readonly unknown[]) =>
    filtered
      .select(sql<number>`1`.as('one'))
      .limit(tail[0] as number)
      .offset(tail[1] as number);
  const beyond = reuse
    ? await runReused(
        reuse.runner,
        reuse.owner,
        `beyond${reuse.key}`,
        reuse.filters,
        [1, cap],
        beyondOf,
        reuse.prepare,
      )
    : await beyondOf([1, cap]).execute();
  if (beyond.length > 0) return cap + 1;
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
