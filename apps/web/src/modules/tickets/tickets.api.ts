import { type CallListQuery, type CallScope, ticketsCalls as calls, LIMITS, MSG } from '@intranet/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callUrl, type WebCallInput } from '../../api/call.ts';
import { successMessage } from '../../api/query-client.ts';

/** Filters of the call lists, as the inputs hold them (empty strings are dropped). */
export type CallFilterValues = Partial<
  Record<
    'ticket' | 'attendant' | 'dep' | 'name' | 'filial' | 'matricula' | 'setor' | 'status' | 'from' | 'to',
    string
  >
>;

export interface CallSort {
  sort: NonNullable<CallListQuery['sort']>;
  dir: 'asc' | 'desc';
}

const PAGE_SIZE = 100;

function cleanFilters(filters: CallFilterValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(filters)) if (v?.trim()) out[k] = v.trim();
  return out;
}

export const callsKey = ['calls'] as const;

/** A call list read page by page as the table scrolls (filtering, sorting and paging in SQL). */
export function useCallList(scope: CallScope, filters: CallFilterValues, sort: CallSort) {
  const query = { scope, ...cleanFilters(filters), ...sort, pageSize: PAGE_SIZE };
  return useInfiniteQuery({
    queryKey: [...callsKey, 'list', query],
    queryFn: ({ pageParam, signal }) =>
      call(calls.list, { query: { ...query, page: pageParam } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/** The spreadsheet of the filtered rows (chamados.xlsx or dados.xlsx), read with the session cookie. */
export function exportUrl(scope: CallScope, filters: CallFilterValues): string {
  return callUrl(calls.exportList, { query: { scope, ...cleanFilters(filters) } });
}

export function useCallDetail(id: number | null) {
  return useQuery({
    queryKey: [...callsKey, 'detail', id],
    queryFn: ({ signal }) => call(calls.detail, { query: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

function useInvalidateCalls() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: callsKey });
}

const panelToast = { success: successMessage, autoClose: LIMITS.ticketToastMs };

export function useOpenCall() {
  const invalidate = useInvalidateCalls();
  return useMutation({
    mutationFn: (input: WebCallInput<typeof calls.openCall>) => call(calls.openCall, input),
    onSuccess: invalidate,
    meta: { error: MSG.ticketNotOpened },
  });
}

export function useSetCallStatus() {
  const invalidate = useInvalidateCalls();
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.setStatus>['body']) => call(calls.setStatus, { body }),
    onSettled: invalidate,
    meta: { error: MSG.ticketStatusError, ...panelToast },
  });
}

export function useAnswerCall(id: number) {
  const invalidate = useInvalidateCalls();
  return useMutation({
    mutationFn: ({ msg, files }: { msg: string; files: File[] }) =>
      call(calls.answer, { params: { id }, fields: { msg }, files }),
    onSuccess: invalidate,
    meta: { error: MSG.answerSendError, ...panelToast },
  });
}

export function useInsertMaterials(id: number) {
  const invalidate = useInvalidateCalls();
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.insertMaterials>['body']) =>
      call(calls.insertMaterials, { params: { id }, body }),
    onSuccess: invalidate,
    meta: { error: MSG.materialsSendError, ...panelToast },
  });
}
