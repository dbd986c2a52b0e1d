import {
  type ColumnDescription,
  cleanFilters,
  type FilterValues,
  filterQuery,
  LIST_PAGE_SIZE,
  type SortableId,
} from '@intranet/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useLoadMore } from './useLoadMore.ts';
import type { VirtualTableFilters, VirtualTableSort } from './VirtualTable.tsx';

export type SortDir = 'asc' | 'desc';

/** What a page read gets: the list call's filter parameters, the sort and the page. */
export interface ServerPageQuery<S extends string> {
  filters: Record<string, string>;
  sort: S;
  dir: SortDir;
  page: number;
  pageSize: number;
  /**
   * Keyset paging: '' on the first page, then the previous page's `nextCursor`. A list call
   * without a `cursor` parameter drops it (its schema strips unknown parameters) and pages by offset.
   */
  cursor: string;
}

export interface ServerPage<Row> {
  rows: Row[];
  /** The matching rows; a server may send it on the first page only, and capped (`totalCapped`). */
  total?: number;
  totalCapped?: boolean;
  page: number;
  pageSize: number;
  /** Keyset paging: the cursor of the next page, while more rows follow. */
  nextCursor?: string;
}

interface PageParam {
  page: number;
  cursor: string;
}

/** The next page: by the server's cursor, else by offset while the first page's total says more follow. */
function nextPageParam<Row>(last: ServerPage<Row>, pages: ServerPage<Row>[]): PageParam | undefined {
  if (last.nextCursor) return { page: last.page + 1, cursor: last.nextCursor };
  if (pages.some((p) => p.nextCursor !== undefined) || last.rows.length < last.pageSize) return undefined;
  const first = pages[0];
  const total = first?.totalCapped ? undefined : first?.total;
  if (total !== undefined && last.page * last.pageSize >= total) return undefined;
  return { page: last.page + 1, cursor: '' };
}

// biome-ignore lint/suspicious/noExplicitAny: any row type; the hook reads ids, filters and sort flags
type AnyColumns = readonly ColumnDescription<any>[];

interface ServerTableOptions<C extends AnyColumns, P extends ServerPage<unknown>> {
  /** TanStack Query key prefix: invalidating it reloads the table. */
  queryKey: readonly unknown[];
  /** The list's column descriptions: which filters and sorts the URL may carry. */
  columns: C;
  defaultSort: { id: SortableId<C>; dir: SortDir };
  pageSize?: number;
  /** A page; whatever else its reply carries stays readable in `query.data.pages`. */
  fetchPage: (query: ServerPageQuery<SortableId<C>>, signal: AbortSignal) => Promise<P>;
  /** The spreadsheet link of the same filters and sort. */
  exportUrl?: (query: Omit<ServerPageQuery<SortableId<C>>, 'page' | 'pageSize' | 'cursor'>) => string;
}

type SortableColumn<C extends AnyColumns> = Extract<C[number], { sortable: true }>;

const SORT_PARAM = 'sort';
const DIR_PARAM = 'dir';

/**
 * A server-driven table: the filters (by column id) and the sort live in the page URL, so a
 * filtered view survives a reload and can be bookmarked or shared; rows load page by page as the
 * table scrolls; the export link carries the same filters and sort. Other URL parameters of the
 * page (e.g. `typeRequest`, `ticket` of /Calls) are kept as they are.
 */
export function useServerTable<const C extends AnyColumns, P extends ServerPage<unknown>>({
  queryKey,
  columns,
  defaultSort,
  pageSize = LIST_PAGE_SIZE,
  fetchPage,
  exportUrl,
}: ServerTableOptions<C, P>) {
  type Row = P['rows'][number];
  const [params, setParams] = useSearchParams();
  const search = params.toString();

  const state = useMemo(() => {
    const url = new URLSearchParams(search);
    const filters: FilterValues = cleanFilters(columns, Object.fromEntries(url));
    const sortId = url.get(SORT_PARAM);
    const sortable = columns.find((c): c is SortableColumn<C> => c.sortable === true && c.id === sortId);
    const dirParam = url.get(DIR_PARAM);
    const sort = {
      id: sortable ? sortable.id : defaultSort.id,
      dir: dirParam === 'asc' || dirParam === 'desc' ? dirParam : defaultSort.dir,
    };
    return { filters, sort, query: filterQuery(columns, filters) };
  }, [search, columns, defaultSort.id, defaultSort.dir]);

  const listQuery = { filters: state.query, sort: state.sort.id, dir: state.sort.dir };
  const query = useInfiniteQuery({
    queryKey: [...queryKey, listQuery],
    queryFn: ({ pageParam, signal }) => fetchPage({ ...listQuery, ...pageParam, pageSize }, signal),
    initialPageParam: { page: 1, cursor: '' } as PageParam,
    getNextPageParam: nextPageParam,
  });

  const rows = useMemo<Row[]>(() => query.data?.pages.flatMap((p) => p.rows) ?? [], [query.data]);
  const first = query.data?.pages[0];
  const total = first?.total ?? rows.length;
  const totalCapped = first?.totalCapped === true;
  const loadMore = useLoadMore(query);

  /** Changes the URL only: the state above follows it (history replaced, not pushed per keystroke). */
  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setFilters = useCallback(
    (values: FilterValues) =>
      update((next) => {
        const clean = cleanFilters(columns, values);
        for (const c of columns) {
          const value = clean[c.id];
          if (value === undefined) next.delete(c.id);
          else next.set(c.id, value);
        }
      }),
    [update, columns],
  );
  const setFilter = useCallback(
    (id: string, value: string | undefined) => setFilters({ ...state.filters, [id]: value ?? '' }),
    [setFilters, state.filters],
  );
  const setSort = useCallback(
    (sort: VirtualTableSort) =>
      update((next) => {
        const sortable = columns.some((c) => c.sortable && c.id === sort.id);
        if (!sortable || (sort.id === defaultSort.id && sort.dir === defaultSort.dir)) {
          next.delete(SORT_PARAM);
          next.delete(DIR_PARAM);
        } else {
          next.set(SORT_PARAM, sort.id);
          next.set(DIR_PARAM, sort.dir);
        }
      }),
    [update, columns, defaultSort.id, defaultSort.dir],
  );

  const filterProps: VirtualTableFilters = { values: state.filters, onApply: setFilter };
  return {
    /** Applied filters by column id (as the URL holds them). */
    filters: state.filters,
    activeFilters: Object.keys(state.filters).length,
    setFilters,
    setFilter,
    clearFilters: () => setFilters({}),
    sort: state.sort,
    setSort,
    query,
    rows,
    total,
    totalCapped,
    loadMore,
    exportHref: exportUrl?.({ filters: state.query, sort: state.sort.id, dir: state.sort.dir }),
    /** Spread into <VirtualTable>: rows, paging, sort and the header filters. */
    tableProps: {
      rows,
      total,
      totalCapped,
      hasMore: query.hasNextPage,
      onEndReached: loadMore,
      loading: query.isFetching,
      sort: state.sort,
      onSortChange: setSort,
      filters: filterProps,
    },
  };
}
