import { type SelectQueryBuilder, type StringReference, sql } from 'kysely';
import { badRequest } from '../errors.ts';

/**
 * What one page of a list is in SQL (pagedQuery's plan): the spec a list declares, the page a
 * request comes to, its order and keyset, and the page's rows with the next cursor.
 */

/** A sort's direction. */
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

export const KEY = '__page_key_';

export function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string, length: number): (string | number)[] {
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

/** What a page request comes to once checked: the order's columns and where the page starts. */
export interface Plan {
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
export const keyIs = (keys: string[], op: '<' | '>' | '<=' | '>=', values: readonly unknown[]) =>
  sql<boolean>`(${sql.join(keys.map((k) => sql.ref(k)))}) ${sql.raw(op)} (${sql.join(values)})`;

/** The plan's page of a query: a row more than the page by keyset (there is a next page), else by offset. */
export const onePage = <Q extends SelectQueryBuilder<never, never, unknown>>(q: Q, plan: Plan): Q =>
  (plan.keyed
    ? q.limit(plan.pageSize + 1)
    : q.limit(plan.pageSize).offset((plan.page - 1) * plan.pageSize)) as Q;

/** The values a page adds to its filters (onePage, inOrder): the cursor's, the limit, the offset. */
export const pageTail = (plan: Plan): unknown[] => [
  ...(plan.after ?? []),
  ...(plan.keyed ? [plan.pageSize + 1] : [plan.pageSize, (plan.page - 1) * plan.pageSize]),
];

/** The plan's page of a query with the values of `tail` (pageTail's, or marks in their place). */
export function pageWith<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  plan: Plan,
  tail: readonly unknown[],
) {
  const cursorValues = plan.after ? plan.keys.length : 0;
  const q = inOrder(query, plan, plan.after && tail.slice(0, cursorValues));
  const limited = q.limit(tail[cursorValues] as number);
  return plan.keyed ? limited : limited.offset(tail[cursorValues + 1] as number);
}

/** A first page's total from a count up to the cap + 1 (total.ts: countUpTo, totalColumn). */
export function setCappedTotal<O>(result: Page<O>, counted: number, cap: number): void {
  result.total = Math.min(counted, cap);
  if (counted > cap) result.totalCapped = true;
}

/** The query's rows from the plan's start on, in its order, with the key columns under their own names. */
export function inOrder<DB, TB extends keyof DB, O>(
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
export function pageOf<O>(found: O[], plan: Plan): Page<O> {
  const result: Page<O> = { rows: found.slice(0, plan.pageSize), page: plan.page, pageSize: plan.pageSize };
  if (plan.keyed) {
    const last =
      found.length > plan.pageSize ? (found[plan.pageSize - 1] as Record<string, unknown>) : undefined;
    if (last) result.nextCursor = encodeCursor(plan.keys.map((_, i) => last[`${KEY}${i}`]));
    // Blanked, not deleted: a delete turns each row into a dictionary-mode object, which the
    // module's mapper and the reply writer then read several times slower (decision
    // 0022). An undefined property is written by neither JSON.stringify nor the reply's.
    for (const row of result.rows as Record<string, unknown>[]) {
      for (let i = 0; i < plan.keys.length; i++) row[`${KEY}${i}`] = undefined;
    }
  }
  return result;
}
