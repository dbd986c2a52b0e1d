import { LIMITS } from '@intranet/contracts';
import {
  type CompiledQuery,
  type QueryExecutor,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type StringReference,
  sql,
} from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import { badRequest } from './errors.ts';
import { type BuiltStatement, type QueryRunner, runReused } from './reused-statements.ts';
import type { TextProbe, TextTest } from './text-search.ts';

export type SortDir = 'asc' | 'desc';

/** How one list reads a page: what it selects and the columns each sortable column id orders by. */
export interface ListSpec<DB, TB extends keyof DB, I, O, S extends string> {
  select: (filtered: SelectQueryBuilder<DB, TB, I>) => SelectQueryBuilder<DB, TB, O>;
  /**
   * The whitelist of sorts: each sortable column id (contracts' column descriptions) → the columns
   * it orders by, most significant first (match an index).
   */
  sort: Record<S, readonly StringReference<DB, TB>[]>;
  /** A unique column that ends every order, so rows that tie keep one order from page to page. */
  tiebreak: StringReference<DB, TB>;
  /** The most rows a page may ask for (200 unless said). */
  maxPageSize?: number;
  /** The most rows a first page counts (LIMITS.listTotalCap unless said). */
  countCap?: number;
  /**
   * With "contains" filters: the rows of the other filters a page walks in the sort's order before
   * it reads the search index instead (textWalkRows: 20 pages, unless said).
   */
  walkRows?: number;
  /**
   * With range filters (rangeTest): a range matching fewer rows of its table than this
   * (textProbeRows unless said) skips the walk and is read through its index at once. A "contains"
   * is not probed: its walk tests a key stored in the row (db/search.ts#createSearchKeys), cheaper
   * than counting a common text in the search index.
   */
  probeRows?: number;
  /**
   * With range filters (rangeTest) only: when the probe finds every range common, walk the sort's
   * index to the page's end without a bound (the first page counted up to the cap as without a
   * range), instead of a bounded walk that may miss (a period under a sort by carrier walks each
   * carrier's fines oldest first) and then reads every match through the range's index and sorts
   * them. Not for "contains": a text common in its table may still be absent from the other
   * filters' rows, and the walk would read them all.
   */
  walkOn?: true;
}

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

export interface Page<O> {
  rows: O[];
  page: number;
  pageSize: number;
  /** Only on a first page that asked for the count; at most LIMITS.listTotalCap. */
  total?: number;
  /** With `total`: more rows than `total` match ("mais de 1.000"). */
  totalCapped?: boolean;
  /** With keyset paging, while more rows follow. */
  nextCursor?: string;
}

const KEY = '__page_key_';
const PROBE = '__text_probe_';

/**
 * The filtered rows, counted up to `cap` + 1 without reading more than that many index entries
 * (a count(*) of a broad filter reads every matching row on each request): a probe for a row past
 * the cap, and only when there is none, the exact count, which is then at most `cap`. Neither
 * hands rows to JavaScript. (A one-statement count of a subquery LIMITed to `cap` + 1 was tried:
 * at the cap, the usual first page, it cost 3× the probe, 0.72 against 0.23 ms for Chamados;
 * docs/performance.md, "Idle-machine run after the fourth pass".)
 */
async function countUpTo<DB, TB extends keyof DB, I>(
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
    ? await runReused(reuse.runner, reuse.owner, `beyond${reuse.key}`, reuse.filters, [1, cap], beyondOf)
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
  );
  if (!counted) throw new Error('count(*) answered no row');
  return Number(counted.total);
}

/**
 * How a plain page reuses its compiled statements (reused-statements.ts): who runs them, the list's
 * spec they are kept under, the filters compiled alone, and the key of the filters' SQL.
 */
interface Reuse {
  runner: QueryRunner;
  owner: object;
  filters: CompiledQuery;
  key: string;
}

function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

function decodeCursor(cursor: string, length: number): (string | number)[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(values) &&
      values.length === length &&
      values.every((v) => typeof v === 'string' || typeof v === 'number')
    ) {
      return values;
    }
  } catch {
    // falls through to the 400 below
  }
  throw badRequest();
}

/**
 * A list's FROM and WHERE (scope and filters), selecting nothing yet. A list with a "contains"
 * filter passes it as a function of how containsText tests the text (text-search.ts#TextTest):
 * pagedQuery then tries the two-phase page (below) before the search index. A range filter that
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
 * How many rows of the other filters a "contains" page walks in the sort's order before it falls
 * back to the search index: 20 pages' worth (at least 2,000 rows), so a text in more than about one
 * row in 20 fills its page within them, and a rare one wastes at most that walk (0.2–1.5 ms on the
 * stored keys: docs/performance.md, "Issue 14, ninth pass").
 */
export const textWalkRows = (pageSize: number) => Math.max(2000, 20 * pageSize);

/**
 * Below how many matches in its whole table a range is rare enough to read through its index at
 * once (phase two, no walk): a page and a hundred, but never more than the walk's rows, which phase
 * two would then read more of than the walk.
 */
export const textProbeRows = (pageSize: number, walkRows: number) =>
  Math.min(walkRows, Math.max(100, pageSize + 1));

/** What a page request comes to once checked: the order's columns and where the page starts. */
interface Plan {
  keys: string[];
  dir: SortDir;
  pageSize: number;
  page: number;
  keyed: boolean;
  /** The cursor's values: the page starts after this row. */
  after?: (string | number)[];
  /** Count the rows (a first page that asked for its total). */
  count: boolean;
  cap: number;
}

/** The rows whose key is `op` the values, as a row-value comparison: it walks the sort's index on both databases (an OR chain would not). */
const keyIs = (keys: string[], op: '<' | '>' | '<=' | '>=', values: readonly unknown[]) =>
  sql<boolean>`(${sql.join(keys.map((k) => sql.ref(k)))}) ${sql.raw(op)} (${sql.join(values)})`;

/** The plan's page of a query: a row more than the page by keyset (there is a next page), else by offset. */
const onePage = <Q extends SelectQueryBuilder<never, never, unknown>>(q: Q, plan: Plan): Q =>
  (plan.keyed
    ? q.limit(plan.pageSize + 1)
    : q.limit(plan.pageSize).offset((plan.page - 1) * plan.pageSize)) as Q;

/** The values a page adds to its filters (onePage, inOrder): the cursor's, the limit, the offset. */
const pageTail = (plan: Plan): unknown[] => [
  ...(plan.after ?? []),
  ...(plan.keyed ? [plan.pageSize + 1] : [plan.pageSize, (plan.page - 1) * plan.pageSize]),
];

/** The plan's page of a query with the values of `tail` (pageTail's, or marks in their place). */
function pageWith<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  plan: Plan,
  tail: readonly unknown[],
) {
  const cursorValues = plan.after ? plan.keys.length : 0;
  const q = inOrder(query, plan, plan.after && tail.slice(0, cursorValues));
  const limited = q.limit(tail[cursorValues] as number);
  return plan.keyed ? limited : limited.offset(tail[cursorValues + 1] as number);
}

/** A first page's total from a count up to the cap + 1 (countUpTo). */
function setCappedTotal<O>(result: Page<O>, counted: number, cap: number): void {
  result.total = Math.min(counted, cap);
  if (counted > cap) result.totalCapped = true;
}

/** The query's rows from the plan's start on, in its order, with the key columns under their own names. */
function inOrder<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  plan: Plan,
  after: readonly unknown[] | undefined = plan.after,
) {
  let q = plan.keyed ? query.select(plan.keys.map((k, i) => sql.ref(k).as(`${KEY}${i}`))) : query;
  if (after) q = q.where(keyIs(plan.keys, plan.dir === 'asc' ? '>' : '<', after));
  for (const k of plan.keys) q = q.orderBy(sql.ref(k), plan.dir);
  return q;
}

/** The page's rows and the cursor of the next page (keyed plans), without the key columns. */
function pageOf<O>(found: O[], plan: Plan): Page<O> {
  const result: Page<O> = { rows: found.slice(0, plan.pageSize), page: plan.page, pageSize: plan.pageSize };
  if (plan.keyed) {
    const last =
      found.length > plan.pageSize ? (found[plan.pageSize - 1] as Record<string, unknown>) : undefined;
    if (last) result.nextCursor = encodeCursor(plan.keys.map((_, i) => last[`${KEY}${i}`]));
    for (const row of result.rows as Record<string, unknown>[]) {
      for (let i = 0; i < plan.keys.length; i++) delete row[`${KEY}${i}`];
    }
  }
  return result;
}

/** The largest of 1, 2, 5, 10, 20, 50… below `n`: "mais de 200" for 247 rows known to match. */
export function roundBelow(n: number): number {
  let below = 0;
  for (let step = 1; step < n; step *= 10) {
    for (const m of [1, 2, 5]) if (step * m < n) below = step * m;
  }
  return below;
}

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
async function walkedPage<DB, TB extends keyof DB, I, O, S extends string>(
  byText: (text: TextTest) => SelectQueryBuilder<DB, TB, I>,
  spec: ListSpec<DB, TB, I, O, S>,
  plan: Plan,
  runner: Runner | undefined,
  /** Whether a filter is a "contains" (else the walk is for ranges only). */
  texts: boolean,
  /** How the filters are built to count a total through indexes ('index', or 'count': countForm). */
  counting: 'index' | 'count',
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
  if (edge && !filled) return undefined;

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

/**
 * Whether the rows are filtered by a "contains" (or, on SQLite, a range tested like one): only
 * then do they read differently by index and by scan. Asked of the filters with a probe that tests
 * nothing: each filter whose two forms differ says so (TextProbe.scanDiffers), and no SQL is
 * compiled (compiling both forms to compare them cost 0.05–0.08 ms of a plain list request:
 * docs/performance.md, "Issue 14, seventh pass").
 */
export function hasText<DB, TB extends keyof DB, I>(
  byText: (text: TextTest) => SelectQueryBuilder<DB, TB, I>,
) {
  return probeFilters(byText).scanDiffers === true;
}

/**
 * How a list's filters are built to count its total: `count` when one of them reads better so
 * (TextProbe.countDiffers), else as the page reads them.
 */
const countForm = (probe: TextProbe | undefined): 'index' | 'count' =>
  probe?.countDiffers ? 'count' : 'index';

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
  const counting = countForm(probe);
  if (typeof filtered === 'function' && probe?.scanDiffers) {
    const walked = await walkedPage(filtered, spec, plan, runner, probe.texts === true, counting);
    if (walked) return walked;
  }
  const indexed = typeof filtered === 'function' ? filtered('index') : filtered;
  const forTotal =
    typeof filtered === 'function' && plan.count && counting === 'count' ? filtered('count') : indexed;
  // A plugin's transformQuery must see every statement it runs: with one, each is built as before.
  const [found, counted] =
    runner && runner.getExecutor().plugins.length === 0
      ? await reusedPage(runner, indexed, spec, plan, forTotal)
      : await Promise.all([
          onePage(inOrder(spec.select(indexed), plan), plan).execute(),
          plan.count ? countUpTo(forTotal, plan.cap) : undefined,
        ]);
  const result = pageOf(found, plan);
  if (counted !== undefined) setCappedTotal(result, counted, plan.cap);
  return result;
}

/**
 * Runs `build(filters, tail)` as runReused does (compiled once per spec and key, with the filters'
 * SQL in the key) when pagedQuery has a runner without plugins, else builds and runs it.
 */
function reusedIfPlain<DB, TB extends keyof DB, I, R>(
  runner: Runner | undefined,
  spec: object,
  key: string,
  filters: SelectQueryBuilder<DB, TB, I>,
  tail: readonly unknown[],
  build: (filters: SelectQueryBuilder<DB, TB, I>, tail: readonly unknown[]) => BuiltStatement<R>,
): Promise<R[]> {
  if (!runner || runner.getExecutor().plugins.length > 0) return build(filters, tail).execute();
  const compiled = filters.compile();
  return runReused(runner, spec, `${key}${reuseKey(runner, compiled)}`, compiled, tail, (t) =>
    build(filters, t),
  );
}

/** What a reused statement's text depends on besides its kind, order and paging: the database, the filters' SQL. */
const reuseKey = (runner: Runner, filters: CompiledQuery) =>
  `\u0000${isPostgres(runner) ? 'pg' : 'sqlite'}\u0000${filters.sql}`;

/**
 * The database or a transaction, given to pagedQuery so that it runs the statements it reuses
 * (reusedPage), unless it has Kysely plugins (the query-plan tests' recorder).
 */
export type Runner = QueryRunner & { getExecutor(): QueryExecutor };

/**
 * A plain page (no text filter) and its first page's count through statements compiled once per
 * spec and filters' SQL (reused-statements.ts): the filters are compiled alone, and the page's
 * statements are built only the first time (the spec, a module constant, selects the same columns
 * every time).
 */
function reusedPage<DB, TB extends keyof DB, I, O, S extends string>(
  runner: Runner,
  indexed: SelectQueryBuilder<DB, TB, I>,
  spec: ListSpec<DB, TB, I, O, S>,
  plan: Plan,
  /** The filters the total is counted with (countForm; else `indexed`). */
  counted: SelectQueryBuilder<DB, TB, I>,
) {
  const filters = indexed.compile();
  const key = reuseKey(runner, filters);
  const countFilters = counted === indexed ? filters : counted.compile();
  const countKey = counted === indexed ? key : reuseKey(runner, countFilters);
  const reuse: Reuse = { runner, owner: spec, filters: countFilters, key: countKey };
  const pageKey = `page\u0000${plan.keys.join(',')}\u0000${plan.dir}\u0000${plan.keyed}\u0000${!!plan.after}${key}`;
  return Promise.all([
    runReused(runner, spec, pageKey, filters, pageTail(plan), (tail) =>
      pageWith(spec.select(indexed), plan, tail),
    ),
    plan.count ? countUpTo(counted, plan.cap, reuse) : undefined,
  ]);
}
