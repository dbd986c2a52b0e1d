import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { TextProbe, TextTest } from '../text-search.ts';
import { type ListSpec, type Page, type Plan, pageOf, setCappedTotal } from './plan.ts';
import type { Runner } from './reuse.ts';
import { type WalkMiss, walkedPage } from './walk.ts';

/**
 * Between the two phases of a "contains" page (walk.ts#walkedPage, then the search index),
 * for a list sorted by the very column the text is searched in: whether a row matches depends
 * only on that column's value, so the rows of one value all match or none does. When the walk
 * found no match at all, the distinct values from where it ended are read one by one in the
 * sort's order (an index seek each) and tested, up to SKIP_VALUES of them; from the first that
 * matches, the walk starts again. Chamados "silva" sorted by name: the bench's 22,000 "silva"
 * calls come after 66,668 others, which the walk does not reach and the search index read whole
 * and sorted (28 ms on SQLite, 18–137 on PostgreSQL, decision
 * 0027); the few names before them cost a few seeks. A column of mostly distinct values (a
 * person's name in the users list) finds no match within SKIP_VALUES, and its page is read
 * through the search index as before.
 */

/** How many distinct values of the sort's column a skip tests before it leaves the page to the search index. */
export const SKIP_VALUES = 100;

/** What the skip's statement answers: the first matching value, or why there is none. */
const MATCHED = 'm';
const EXHAUSTED = 'e';

export async function skippedPage<DB, TB extends keyof DB, I, O, S extends string>(
  byText: (text: TextTest) => SelectQueryBuilder<DB, TB, I>,
  spec: ListSpec<DB, TB, I, O, S>,
  plan: Plan,
  runner: Runner | undefined,
  probe: TextProbe,
  counting: 'index' | 'count',
  miss: WalkMiss,
): Promise<Page<O> | undefined> {
  const sortRef = plan.keys[0];
  const on = probe.sorted?.find((s) => s.ref === sortRef);
  const from = miss.edge?.[0];
  // Only after a walk that found nothing from the page's start (a cursor's row, or the first row:
  // not a later page by offset, whose earlier pages the walk skipped): its rows up to the edge hold
  // no match, so the values before the edge's need no test.
  const fromStart = plan.keyed || plan.page === 1;
  if (!on || sortRef === undefined || !fromStart || miss.found !== 0 || typeof from !== 'string') {
    return undefined;
  }
  const asc = plan.dir === 'asc';
  const column = sql.ref(on.column);
  const next = (after: unknown, inclusive: boolean) =>
    sql`(select ${asc ? sql`min` : sql`max`}(${column}) from ${sql.table(on.table)}
      where ${column} ${sql.raw(asc ? (inclusive ? '>=' : '>') : inclusive ? '<=' : '<')} ${after})`;
  const value = sql.ref('skipped.v');
  // The last value read: the first that matches ('m' and the value), none left ('e'), or the
  // SKIP_VALUES-th that does not match ('b').
  const skipTo = sql<string>`(with recursive skipped(v, n) as (
      select ${next(from, true)}, 1
      union all
      select ${next(value, false)}, n + 1 from skipped
      where skipped.v is not null and n < ${sql.lit(SKIP_VALUES)} and not (${on.test(value)}))
    select case when v is null then ${sql.lit(EXHAUSTED)}
      when ${on.test(value)} then ${sql.lit(MATCHED)} || v else 'b' end
    from skipped where n = (select max(n) from skipped))`;
  const row = (await byText('ignore').select(skipTo.as('skip_to')).limit(1).executeTakeFirst()) as
    | { skip_to: string }
    | undefined;
  const answer = row?.skip_to;
  if (answer === EXHAUSTED) {
    // No value from the edge on matches, and the walk met none before it: nothing matches.
    const empty = pageOf<O>([], plan);
    if (plan.count) setCappedTotal(empty, 0, plan.cap);
    return empty;
  }
  if (!answer?.startsWith(MATCHED)) return undefined;
  const first = answer.slice(MATCHED.length);
  // The values before `first` hold no match: the walk starts at it.
  const fromFirst = (text: TextTest) =>
    byText(text).where(sql<SqlBool>`${sql.ref(sortRef)} ${sql.raw(asc ? '>=' : '<=')} ${first}`);
  return walkedPage(fromFirst, spec, plan, runner, true, counting);
}
