import { LIMITS } from '@intranet/contracts';
import { type SelectQueryBuilder, type StringReference, sql } from 'kysely';
import { badRequest } from './errors.ts';

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
  /** With `total`: more rows than `total` match ("mais de 10.000"). */
  totalCapped?: boolean;
  /** With keyset paging, while more rows follow. */
  nextCursor?: string;
}

const KEY = '__page_key_';

/**
 * The filtered rows, counted up to `cap` + 1 without reading more than that many index entries
 * (a count(*) of a broad filter reads every matching row on each request): a probe for a row past
 * the cap, and only when there is none, the exact count, which is then at most `cap`. Neither
 * hands rows to JavaScript.
 */
async function countUpTo<DB, TB extends keyof DB, I>(filtered: SelectQueryBuilder<DB, TB, I>, cap: number) {
  const beyond = await filtered.select(sql<number>`1`.as('one')).limit(1).offset(cap).execute();
  if (beyond.length > 0) return cap + 1;
  const { total } = await filtered
    .select(sql<number | string>`count(*)`.as('total'))
    .$castTo<{ total: number | string }>()
    .executeTakeFirstOrThrow();
  return Number(total);
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
 * A filtered list's page in SQL: ordered by a whitelisted sort with a stable tiebreak, with the
 * page size capped, read by offset or by keyset cursor, with its total only when asked.
 * `filtered` has the list's FROM and WHERE (scope and filters) and selects nothing yet.
 */
export async function pagedQuery<DB, TB extends keyof DB, I, O, S extends string>(
  filtered: SelectQueryBuilder<DB, TB, I>,
  spec: ListSpec<DB, TB, I, O, S>,
  request: PageRequest<S> & { count: true },
): Promise<Page<O> & { total: number }>;
export async function pagedQuery<DB, TB extends keyof DB, I, O, S extends string>(
  filtered: SelectQueryBuilder<DB, TB, I>,
  spec: ListSpec<DB, TB, I, O, S>,
  request: PageRequest<S>,
): Promise<Page<O>>;
export async function pagedQuery<DB, TB extends keyof DB, I, O, S extends string>(
  filtered: SelectQueryBuilder<DB, TB, I>,
  spec: ListSpec<DB, TB, I, O, S>,
  request: PageRequest<S>,
): Promise<Page<O>> {
  const sortColumns = Object.hasOwn(spec.sort, request.sort) ? spec.sort[request.sort] : undefined;
  if (!sortColumns) throw badRequest();
  const dir: SortDir = request.dir === 'asc' ? 'asc' : 'desc';
  const pageSize = Math.min(Math.max(1, Math.trunc(request.pageSize) || 1), spec.maxPageSize ?? 200);
  const page = Math.max(1, Math.trunc(request.page ?? 1) || 1);
  const keys: string[] = [...new Set<string>([...sortColumns, spec.tiebreak])];
  const keyed = request.cursor !== undefined;

  let query = spec.select(filtered);
  if (keyed) {
    // The key columns ride along under their own names: the last row's values make the cursor.
    query = query.select(keys.map((k, i) => sql.ref(k).as(`${KEY}${i}`)));
    if (request.cursor) {
      const after = decodeCursor(request.cursor, keys.length);
      // A row-value comparison walks the sort's index on both databases (an OR chain would not).
      query = query.where(
        sql<boolean>`(${sql.join(keys.map((k) => sql.ref(k)))}) ${sql.raw(dir === 'asc' ? '>' : '<')} (${sql.join(after)})`,
      );
    }
  }
  for (const k of keys) query = query.orderBy(sql.ref(k), dir);
  query = keyed ? query.limit(pageSize + 1) : query.limit(pageSize).offset((page - 1) * pageSize);

  const firstPage = request.cursor ? false : page === 1;
  const cap = spec.countCap ?? LIMITS.listTotalCap;
  const [found, counted] = await Promise.all([
    query.execute(),
    request.count && firstPage ? countUpTo(filtered, cap) : undefined,
  ]);
  const result: Page<O> = { rows: found.slice(0, pageSize), page, pageSize };
  if (counted !== undefined) {
    result.total = Math.min(counted, cap);
    if (counted > cap) result.totalCapped = true;
  }
  if (keyed) {
    const last = found.length > pageSize ? (found[pageSize - 1] as Record<string, unknown>) : undefined;
    if (last) result.nextCursor = encodeCursor(keys.map((_, i) => last[`${KEY}${i}`]));
    for (const row of result.rows as Record<string, unknown>[]) {
      for (let i = 0; i < keys.length; i++) delete row[`${KEY}${i}`];
    }
  }
  return result;
}
