import type { CallDetail, CallListQuery, CallListReply, CallScope, MaterialsBody } from '@intranet/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

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
      api<CallListReply>('GET', 'calls', { ...query, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/** The spreadsheet of the filtered rows (chamados.xlsx or dados.xlsx), read with the session cookie. */
export function exportUrl(scope: CallScope, filters: CallFilterValues): string {
  const params = new URLSearchParams({ scope, ...cleanFilters(filters) });
  return `/api/calls/export?${params.toString()}`;
}

export function useCallDetail(id: number | null) {
  return useQuery({
    queryKey: [...callsKey, 'detail', id],
    queryFn: ({ signal }) => api<CallDetail>('GET', 'getSingleCall', { id }, { signal }),
    enabled: id !== null,
  });
}

function useInvalidateCalls() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: callsKey });
}

/** Sends the fields, and the files when there are any (multipart). */
function formOrJson(fields: Record<string, string>, files: File[]): Record<string, unknown> | FormData {
  if (files.length === 0) return fields;
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('files', f, f.name);
  return form;
}

export interface OpenCallInput {
  problem: string;
  descript: string;
  dep: string;
  filial: string;
  files: File[];
}

export function useOpenCall() {
  const invalidate = useInvalidateCalls();
  return useMutation({
    mutationFn: ({ files, ...fields }: OpenCallInput) =>
      api<{ success: true; id: number; message: string }>('POST', 'insertCall', formOrJson(fields, files)),
    onSuccess: invalidate,
  });
}

export function useSetCallStatus() {
  const invalidate = useInvalidateCalls();
  return useMutation({
    mutationFn: (body: { id: number; status: number }) =>
      api<{ success: true; message: string }>('PUT', 'setCall', body),
    onSettled: invalidate,
  });
}

export function useAnswerCall(id: number) {
  const invalidate = useInvalidateCalls();
  return useMutation({
    mutationFn: ({ msg, files }: { msg: string; files: File[] }) =>
      api<{ success: true; message: string }>('POST', `calls/${id}/answers`, formOrJson({ msg }, files)),
    onSuccess: invalidate,
  });
}

export function useInsertMaterials(id: number) {
  const invalidate = useInvalidateCalls();
  return useMutation({
    mutationFn: (body: MaterialsBody) =>
      api<{ success: true; message: string }>(
        'POST',
        `calls/${id}/materials`,
        body as unknown as Record<string, unknown>,
      ),
    onSuccess: invalidate,
  });
}
