import { useCallback } from 'react';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
}

/**
 * Asks an infinite query for its next page, for a list that loads as it scrolls. Called again
 * while that page is on its way (a scroll before React re-rendered), it joins the request in
 * flight: React Query's default would cancel it and ask the same page again.
 */
export function useLoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: PagedQuery) {
  return useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
}
