import { approvalQueues, hrCalls, type MenuUser, noticesCalls, purchasesCalls } from '@intranet/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { ApiError } from '../../api/client.ts';

/** Query keys; the notice admin screen invalidates these after a change. */
export const homeKeys = {
  banners: ['banners', 'list'] as const,
  notices: ['notices', 'list'] as const,
};

/** GET /api/attach-banner: the home slider's banners. */
export function useBanners() {
  return useQuery({
    queryKey: homeKeys.banners,
    queryFn: ({ signal }) => call(noticesCalls.banners, {}, { signal }),
    staleTime: 60_000,
  });
}

/** GET /api/get-infoText: the notices; the server answers 404 when there are none (spec §7). */
export function useNotices() {
  return useQuery({
    queryKey: homeKeys.notices,
    queryFn: async ({ signal }) => {
      try {
        return await call(noticesCalls.list, {}, { signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
    staleTime: 60_000,
  });
}

/**
 * "Aguardando minha aprovação": how many purchases and HR requests wait for the user, each asked
 * only of the list he may open (home/tiles.policy.ts#approvalQueues; its call applies the same rule).
 */
export function useApprovalCounts(user: MenuUser) {
  const queues = approvalQueues(user);
  const counts = useQueries({
    queries: queues.map((q) => ({
      queryKey: [q.key === 'rh' ? 'hr' : 'purchases', 'waiting'],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(q.key === 'rh' ? hrCalls.waitingCount : purchasesCalls.waitingCount, {}, { signal }),
      staleTime: 30_000,
    })),
  });
  return queues.map((queue, i) => ({ queue, count: counts[i]?.data }));
}
