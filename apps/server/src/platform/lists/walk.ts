import { type SelectQueryBuilder, sql } from 'kysely';
import type { TextProbe, TextTest } from '../text-search.ts';
import {
  inOrder,
  KEY,
  keyIs,
  type ListSpec,
  onePage,
  type Page,
  type Plan,
  pageOf,
  setCappedTotal,
} from './plan.ts';
import { type Runner, reusedIfPlain } from './reuse.ts';
import { countUpTo, roundBelow } from './total.ts';

/**
 * The first phase of a "contains" or range list's page (pagedQuery): the sort's index walked a
 * bounded number of rows, each tested; the caller reads through the indexes when it answers none.
 */

const PROBE = '__text_probe_';

/**
 * How many rows of the other filters a "contains" page walks in the sort's order before it falls
 * back to the search index: 20 pages' worth (at least 2,000 rows), so a text in more than about one
 * row in 20 fills its page within them, and a rare one wastes at most that walk (0.2–1.5 ms on the
 * stored keys: decision 0027).
 */
export const textWalkRows = (pageSize: number) => Math.max(2000, 20 * pageSize);

/**
 * Below how many matches in its whole table a range is rare enough to read through its index at
 * once (phase two, no walk): a page and a hundred, but never more than the walk's rows, which phase
 * two would then read more of than the walk.
 */
export const textProbeRows = (pageSize: number, walkRows: number) =>
  Math.min(walkRows, Math.max(100, pageSize + 1));

/**
 * Whether the list's ranges (rangeTest) were probed and each matches fewer than `limit` rows of its
 * table (a TextProbe: each counted through its index up to `limit`), asked on one row of the other
 * filters (a walk only asks when it has more rows than its length, so there is one): then their
 * indexes read fewer rows than the walk would. Not in the walk's edge statement: there SQLite
 * counted again for each row the OFFSET skipped.
 */
async function rareRanges<DB, TB extends keyof DB, I>(
  byText: (text: TextTest) => SelectQueryBuilder<DB, TB, I>,
  limit: number,
): Promise<boolean> {
  const probe: TextProbe = { limit, counts: [] };
  const probed = byText(probe);
  if (probe.counts.length === 0) return false;
  const row = await probed
    .select(probe.counts.map((c, i) => c.as(`${PROBE}${i}`)))
    .limit(1)
    .executeTakeFirst();
  return (
    !!row && probe.counts.every((_, i) => Number((row as Record<string, unknown>)[`${PROBE}${i}`]) < limit)
  );
}

/** Where a bounded walk that did not fill its page ended (the key of its last row) and what it found. */
export interface WalkMiss {
  edge?: unknown[];
  found?: number;
}

/**
 * The two-phase page of a "contains" list, phase one: the sort's index walked over at most the
 * first `walkRows` rows the other filters let through (from the cursor on), each tested on its
 * stored search key. The matches come in the list's order, so when they fill the page, they are the page,
 * read in a fraction of a millisecond even when the text is in a tenth of the table (the search
 * index would first fetch and sort every match). When they do not, the text is rare and the caller
 * reads the page through the search index (phase two), which is fast at that. A first page's total
 * is exact when the walk saw every row, else "mais de N" from the rows the page found (a list
 * walked for ranges only counts through their indexes, as a plain page does).
 * Before a bounded walk, rareRanges asks whether every range is rarer than the probe's limit:
 * then there is no walk. Answers undefined when phase two is needed.
 */
export async function walkedPage<DB, TB extends keyof DB, I, O, S extends string>(
  byText: (text: TextTest) => SelectQueryBuilder<DB, TB, I>,
  spec: ListSpec<DB, TB, I, O, S>,
  plan: Plan,
  runner: Runner | undefined,
  /** Whether a filter is a "contains" (else the walk is for ranges only). */
  texts: boolean,
  /** How the filters are built to count a total through indexes ('count' when one counts better so). */
  counting: 'index' | 'count',
  /** Filled when a bounded walk found too few: where it ended and how many it found. */
  miss?: WalkMiss,
): Promise<Page<O> | undefined> {
  const walk = spec.walkRows ?? textWalkRows(plan.pageSize);
  if (!plan.keyed && plan.page * plan.pageSize > walk) return undefined;
  // Where the walk ends: the key of its last row (none: fewer rows than that, the walk sees all).
  const after = plan.after ?? [];
  const [edgeRow] = await reusedIfPlain(
    runner,
    spec,
    `edge\u0000${plan.keys.join(',')}\u0000${plan.dir}\u0000${!!plan.after}`,
    byText('ignore'),
    [...after, 1, walk - 1],
    (filters, tail) =>
      inOrder(
        filters.select(sql<number>`1`.as('one')),
        { ...plan, keyed: true },
        plan.after && tail.slice(0, after.length),
      )
        .limit(tail[after.length] as number)
        .offset(tail[after.length + 1] as number),
    // The other filters only (no text, no range): prepared on PostgreSQL unless they compare a period.
    true,
  );
  const edge = edgeRow && plan.keys.map((_, i) => (edgeRow as Record<string, unknown>)[`${KEY}${i}`]);
  if (edge?.some((v) => v === null)) return undefined;
  if (edge && (await rareRanges(byText, spec.probeRows ?? textProbeRows(plan.pageSize, walk))))
    return undefined;
  if (edge && spec.walkOn) {
    // Common ranges: the walk goes on to the page's end, the total counted as without a range.
    const result = pageOf(await onePage(inOrder(spec.select(byText('scan')), plan), plan).execute(), plan);
    if (plan.count) setCappedTotal(result, await countUpTo(byText(counting), plan.cap), plan.cap);
    return result;
  }
  const withinWalk = <Q extends SelectQueryBuilder<DB, TB, unknown>>(q: Q, at = edge) =>
    at ? (q.where(keyIs(plan.keys, plan.dir === 'asc' ? '<=' : '>=', at)) as Q) : q;

  // The page's statement, built once per list and shape (reusedIfPlain): the cursor's values,
  // the edge's, then the page's limit and offset are its tail.
  const edgeValues = edge ?? [];
  const paging = plan.keyed ? [plan.pageSize + 1] : [plan.pageSize, (plan.page - 1) * plan.pageSize];
  const found = await reusedIfPlain(
    runner,
    spec,
    `walk\u0000${plan.keys.join(',')}\u0000${plan.dir}\u0000${plan.keyed}\u0000${!!plan.after}\u0000${!!edge}`,
    byText('scan'),
    [...after, ...edgeValues, ...paging],
    (filters, tail) => {
      const at = after.length;
      const q = withinWalk(
        inOrder(spec.select(filters), plan, plan.after && tail.slice(0, at)),
        edge && tail.slice(at, at + edgeValues.length),
      );
      const limited = q.limit(tail[at + edgeValues.length] as number);
      return plan.keyed ? limited : limited.offset(tail[at + edgeValues.length + 1] as number);
    },
  );
  const filled = plan.keyed ? found.length > plan.pageSize : found.length === plan.pageSize;
  if (edge && !filled) {
    if (miss) Object.assign(miss, { edge, found: found.length });
    return undefined;
  }

  const result = pageOf(found, plan);
  if (plan.count && !texts) {
    // Ranges only: counted through their indexes, as without a walk (no row is read).
    setCappedTotal(result, await countUpTo(byText(counting), plan.cap), plan.cap);
  } else if (plan.count && edge) {
    // A full page before the walk's end, of an unknown number of matches: say less than it found.
    // (Counting the matches of the whole walk cost as much as the page and said little more:
    // "mais de 200" instead of "mais de 100" for Chamados "silva".)
    setCappedTotal(result, found.length, roundBelow(found.length));
  } else if (plan.count) {
    // The walk saw every row: a page not filled holds every match, else they are counted.
    const matches = filled
      ? Number(
          (
            await withinWalk(byText('scan').select(sql<number | string>`count(*)`.as('total')))
              .$castTo<{ total: number | string }>()
              .executeTakeFirstOrThrow()
          ).total,
        )
      : found.length;
    setCappedTotal(result, matches, plan.cap);
  }
  return result;
}
