import { CALL_COLUMNS, type CallScope, ticketsCalls as calls, LIMITS, MSG } from '@intranet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callUrl, type WebCallInput } from '../../api/call.ts';
import { successMessage } from '../../api/query-client.ts';
import { useServerTable } from '../../ui/useServerTable.ts';

export const callsKey = ['calls'] as const;

/**
 * My calls (scope mine) or Chamados Abertos (scope open) as a server-driven table: filters and
 * sort in the page URL, rows read page by page, the spreadsheet link of the same view.
 */
export function useCallTable(scope: CallScope) {
  return useServerTable({
    queryKey: [...callsKey, 'list', scope],
    columns: CALL_COLUMNS,
    defaultSort: { id: 'data', dir: 'desc' },
    fetchPage: ({ filters, ...page }, signal) =>
      call(calls.list, { query: { scope, ...filters, ...page } }, { signal }),
    exportUrl: ({ filters, sort, dir }) =>
      callUrl(calls.exportList, { query: { scope, ...filters, sort, dir } }),
  });
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
