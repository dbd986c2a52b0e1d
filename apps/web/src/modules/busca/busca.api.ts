import { buscaCalls as calls } from '@intranet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';

export const buscaKey = ['busca'] as const;

/**
 * One search (issue 35): the groups found for `text`, asked only for a text the contract accepts
 * (`null` otherwise). The last answer stays on screen while the next one comes.
 */
export function useBusca(text: string | null) {
  return useQuery({
    queryKey: [...buscaKey, text],
    queryFn: ({ signal }) => call(calls.search, { query: { q: text ?? '' } }, { signal }),
    enabled: text !== null,
    placeholderData: keepPreviousData,
    // What the box finds may change at any moment; a second ask of a failed search is the user's.
    staleTime: 0,
    retry: false,
  });
}
