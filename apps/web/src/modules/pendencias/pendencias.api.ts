import {
  pendenciasCalls as calls,
  PENDENCIAS_CHANGED_EVENT,
  PENDENCIAS_END_EVENT,
  PENDENCIAS_HEARTBEAT_SECONDS,
} from '@intranet/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, callUrl } from '../../api/call.ts';

export const pendenciasKey = ['pendencias'] as const;

/** Without a live stream (refused, or the network dropped it) the count is asked again this often. */
const POLL_WITHOUT_STREAM_MS = 60_000;

/** The bell's and the home's number. */
export function usePendenciasCount() {
  return useQuery({
    queryKey: [...pendenciasKey, 'count'],
    queryFn: ({ signal }) => call(calls.count, {}, { signal }),
    refetchInterval: POLL_WITHOUT_STREAM_MS,
    retry: false,
  });
}

/** Minhas pendências page by page (newest first, by cursor). */
export function usePendenciasList(pageSize?: number) {
  return useInfiniteQuery({
    queryKey: [...pendenciasKey, 'list', pageSize ?? 'all'],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      call(calls.list, { query: { pageSize, cursor: pageParam || undefined } }, { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Ver o convite: the invitation leaves the list (then its calendar day opens). */
export function useSeeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(calls.seeInvitation, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: pendenciasKey }),
    // The calendar opens either way; a failure leaves the line for the next visit.
    meta: { error: false },
  });
}

/**
 * One live stream per tab (decision 0118): each "your pendências changed" refetches the count and
 * the lists that show. The browser reconnects by itself after a drop; a refused stream (the usage
 * policy not accepted yet, too many tabs) is tried again after a while, the count polled meanwhile.
 */
export function usePendenciasLive(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => void client.invalidateQueries({ queryKey: pendenciasKey });
    const open = () => {
      source = new EventSource(callUrl(calls.stream, {}));
      source.addEventListener(PENDENCIAS_CHANGED_EVENT, refresh);
      // The session ended elsewhere: no reconnecting (the app hears of it on its next call).
      source.addEventListener(PENDENCIAS_END_EVENT, () => source?.close());
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(open, 2 * PENDENCIAS_HEARTBEAT_SECONDS * 1000);
      };
    };
    open();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled, client]);
}
