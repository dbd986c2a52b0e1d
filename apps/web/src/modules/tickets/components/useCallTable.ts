import type { CallRow, CallScope } from '@intranet/contracts';
import { useCallback, useMemo, useState } from 'react';
import { type CallFilterValues, type CallSort, useCallList } from '../tickets.api.ts';

/** The state both call lists share: applied filters, server sort, loaded rows. */
export function useCallTable(scope: CallScope) {
  const [filters, setFilters] = useState<CallFilterValues>({});
  const [sort, setSort] = useState<CallSort>({ sort: 'data', dir: 'desc' });
  const query = useCallList(scope, filters, sort);
  const rows = useMemo<CallRow[]>(() => query.data?.pages.flatMap((p) => p.rows) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { filters, setFilters, sort, setSort, query, rows, total, loadMore };
}
