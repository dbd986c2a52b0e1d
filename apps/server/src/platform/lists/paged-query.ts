import { LIMITS } from '@intranet/contracts';
import { type QueryExecutor, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import { badRequest } from '../errors.ts';
import type { TextProbe, TextTest } from '../text-search.ts';
import {
  decodeCursor,
  type ListSpec,
  type Page,
  type Plan,
  pageOf,
  pageTail,
  pageWith,
  type SortDir,
  setCappedTotal,
} from './plan.ts';
import { mayPrepare, type Runner, reusable, reuseKey } from './reuse.ts';
import { runReused } from './reused-statements.ts';
import { skippedPage } from './skip.ts';
import { totalColumn, totalOfPage, totalParameters } from './total.ts';
import { type WalkMiss, walkedPage } from './walk.ts';

export interface PageRequest<S extends string> {
  sort: S;
  dir: SortDir;
  pageSize: number;
  /** Offset paging, from 1 (ignored with a cursor). */
  page?: number;
  /** Keyset paging: the `nextCursor` of the previous page; no offset to walk, fast at any depth. */
  cursor?: string;
  /**
   * Also count the filtered rows, on the first page only (page 1, no cursor or an empty one) and
   * up to `LIMITS.listTotalCap`: later pages and bigger totals are not counted again.
   */
  count?: boolean;
}

/**
 * A list's FROM and WHERE (scope and filters), selecting nothing yet. A list with a "contains"
 * filter passes it as a function of how containsText tests the text (text-search.ts#TextTest):
 * pagedQuery then tries the two-phase page (walk.ts#walkedPage) before the search index. A range filter that
 * competes with the sort's index (rangeTest: a period or a prefix under another sort) is passed
 * the same way.
 */
export type Filtered<DB, TB extends keyof DB, I> =
  | SelectQueryBuilder<DB, TB, I>
  | ((text: TextTest) => SelectQueryBuilder<DB, TB, I>);

/** One bound of a range condition on a column: `column op value`. */
export type RangeBound = readonly ['>=' | '>' | '<=' | '<', string | number];

/**
 * A range condition on one column (a period, a prefix as a range), tested as pagedQuery's
 * two-phase page asks (Filtered), like a "contains": such a range is read well through its own
 * index only when it matches few rows; a common one is better tested on the rows of a walk of the
 * sort's index. SQLite plans without statistics and takes any indexed range over the order's index
 * (then sorts every match), so on SQLite `scan` writes the column as `+column`, which no index
 * serves, and the walk of the sort's index tests it; a probe counts its matches alone through its
 * index up to the probe's limit. PostgreSQL plans with statistics: `scan` is the plain condition,
 * so no two-phase page is tried there (Filtered: it is tried only when `index` and `scan` differ).
 */
export function rangeTest(
  db: { getExecutor(): QueryExecutor },
  table: string,
  column: string,
  bounds: readonly RangeBound[],
  how: TextTest,
  /** The table's alias in the query (the table's name unless said). */
  alias: string = table,
): RawBuilder<SqlBool> {
  const on = (ref: RawBuilder<unknown>) =>
    sql<SqlBool>`(${sql.join(
      bounds.map(([op, value]) => sql`${ref} ${sql.raw(op)} ${value}`),
      sql` and `,
    )})`;
  if (how === 'ignore' || bounds.length === 0) return sql<SqlBool>`1 = 1`;
  if (typeof how === 'object') {
    // Only SQLite's `scan` form differs (`+column`); PostgreSQL's is the plain condition.
    if (!isPostgres(db)) how.scanDiffers = true;
    how.counts.push(
      sql<number>`(select count(*) from (select 1 from ${sql.id(table)} where ${on(sql`${sql.id(column)}`)}
        limit ${sql.lit(how.limit)}) as probe)`,
    );
    return sql<SqlBool>`1 = 1`;
  }
  const ref = sql`${sql.id(alias, column)}`;
  return on(how === 'scan' && !isPostgres(db) ? sql`+${ref}` : ref);
}

/**
 * Whether the rows are filtered by a "contains" (or, on SQLite, a range tested like one): only
 * then do they read differently by index and by scan. Asked of the filters with a probe that tests
 * nothing: each filter whose two forms differ says so (TextProbe.scanDiffers), and no SQL is
 * compiled (compiling both forms to compare them cost 0.05–0.08 ms of a plain list request:
 * decision 0031).
 */
export function hasText<DB, TB extends keyof DB, I>(
  byText: (text: TextTest) => SelectQueryBuilder<DB, TB, I>,
) {
  return probeFilters(byText).scanDiffers === true;
}

/**
 * Whether a filter's values may change its best plan: a "contains" (how common the text is) or a
 * range (rangeTest: how wide it is). Such statements are planned for their values on every run;
 * the others may keep one plan for all values (a prepared statement's generic plan on PostgreSQL:
 * equalities, IN lists and cursors read through the same index whatever their values).
 */
const probeSaysValues = (probe: TextProbe | undefined) =>
  !!probe && (probe.scanDiffers === true || probe.texts === true || probe.counts.length > 0);

/** What the filters say of themselves to a probe that tests nothing (TextProbe; no SQL is built). */
function probeFilters<DB, TB extends keyof DB, I>(byText: (text: TextTest) => SelectQueryBuilder<DB, TB, I>) {
  const probe: TextProbe = { limit: 1, counts: [] };
  byText(probe);
  return probe;
}

/**
 * A filtered list's page in SQL: ordered by a whitelisted sort with a stable tiebreak, with the
 * page size capped, read by offset or by keyset cursor, with its total only when asked.
 * A `filtered` with "contains" filters (a function, see Filtered) is first read by walking the
 * sort's index (walkedPage), then, for a rare text, through the search index.
 */
export async function pagedQuery<DB, TB extends keyof DB, I, O, S extends string>(
  filtered: Filtered<DB, TB, I>,
  spec: ListSpec<DB, TB, I, O, S>,
  request: PageRequest<S> & { count: true },
  runner?: Runner,
): Promise<Page<O> & { total: number }>;
export async function pagedQuery<DB, TB extends keyof DB, I, O, S extends string>(
  filtered: Filtered<DB, TB, I>,
  spec: ListSpec<DB, TB, I, O, S>,
  request: PageRequest<S>,
  runner?: Runner,
): Promise<Page<O>>;
export async function pagedQuery<DB, TB extends keyof DB, I, O, S extends string>(
  filtered: Filtered<DB, TB, I>,
  spec: ListSpec<DB, TB, I, O, S>,
  request: PageRequest<S>,
  runner?: Runner,
): Promise<Page<O>> {
  const sortColumns = Object.hasOwn(spec.sort, request.sort) ? spec.sort[request.sort] : undefined;
  if (!sortColumns) throw badRequest();
  const keys: string[] = [...new Set<string>([...sortColumns, spec.tiebreak])];
  const page = Math.max(1, Math.trunc(request.page ?? 1) || 1);
  const plan: Plan = {
    keys,
    dir: request.dir === 'asc' ? 'asc' : 'desc',
    pageSize: Math.min(Math.max(1, Math.trunc(request.pageSize) || 1), spec.maxPageSize ?? 200),
    page,
    keyed: request.cursor !== undefined,
    after: request.cursor ? decodeCursor(request.cursor, keys.length) : undefined,
    count: request.count === true && (request.cursor ? false : page === 1),
    cap: spec.countCap ?? LIMITS.listTotalCap,
  };

  const probe = typeof filtered === 'function' ? probeFilters(filtered) : undefined;
  // The total is counted as the page reads the filters, unless one counts better another way.
  const counting = probe?.countDiffers ? 'count' : 'index';
  if (typeof filtered === 'function' && probe?.scanDiffers) {
    const miss: WalkMiss = {};
    const walked = await walkedPage(filtered, spec, plan, runner, probe.texts === true, counting, miss);
    if (walked) return walked;
    const skipped = await skippedPage(filtered, spec, plan, runner, probe, counting, miss);
    if (skipped) return skipped;
  }
  const indexed = typeof filtered === 'function' ? filtered('index') : filtered;
  const forTotal =
    typeof filtered === 'function' && plan.count && counting === 'count' ? filtered('count') : indexed;
  return plainPage(indexed, spec, plan, forTotal, !probeSaysValues(probe), runner);
}

/**
 * A page read through the filters' indexes, with a first page's total as a column of the same
 * statement (total.ts#totalColumn). With a runner without plugins, the statement is compiled
 * once per spec and filters' SQL (reused-statements.ts): the filters are compiled alone, and the
 * page's statement is built only the first time (the spec, a module constant, selects the same
 * columns every time); else it is built on each run (reuse.ts#reusable).
 */
async function plainPage<DB, TB extends keyof DB, I, O, S extends string>(
  indexed: SelectQueryBuilder<DB, TB, I>,
  spec: ListSpec<DB, TB, I, O, S>,
  plan: Plan,
  /** The filters the total is counted with (their `count` form, or `indexed`). */
  counted: SelectQueryBuilder<DB, TB, I>,
  /** Whether the filters' values leave their plan alone (runReused's `prepare`, where mayPrepare allows it). */
  prepare: boolean,
  runner: Runner | undefined,
): Promise<Page<O>> {
  const selected = plan.count
    ? spec.select(indexed).select(totalColumn(counted, plan.cap))
    : spec.select(indexed);
  const statement = (tail: readonly unknown[]) => pageWith(selected, plan, tail);
  let found: Record<string, unknown>[];
  if (reusable(runner)) {
    const filters = indexed.compile();
    const countFilters = counted === indexed ? filters : counted.compile();
    // The total's subqueries are in the select list: their parameters come first.
    const own = plan.count
      ? { ...filters, parameters: [...totalParameters(countFilters.parameters), ...filters.parameters] }
      : filters;
    const total = plan.count ? `\u0000total${reuseKey(runner, countFilters)}` : '';
    const pageKey = `page\u0000${plan.keys.join(',')}\u0000${plan.dir}\u0000${plan.keyed}\u0000${!!plan.after}${total}${reuseKey(runner, filters)}`;
    const prepared = prepare && mayPrepare(runner, filters, countFilters);
    found = await runReused(runner, spec, pageKey, own, pageTail(plan), statement, prepared);
  } else {
    found = await statement(pageTail(plan)).execute();
  }
  const total = plan.count ? totalOfPage(found) : undefined;
  const result = pageOf(found as O[], plan);
  if (total !== undefined) setCappedTotal(result, total, plan.cap);
  return result;
}
