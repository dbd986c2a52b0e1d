import {
  operationsCalls as calls,
  MSG,
  type OperationAttachment,
  type OperationSlot,
} from '@intranet/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callUrl } from '../../api/call.ts';
import { uploadSlot } from './operations.upload.ts';

export const operationsKey = ['operation'] as const;

/** One OT's attachments (spec §7 GET operation {ot}). */
export function useOtAttachments(ot: string | null) {
  return useQuery({
    queryKey: [...operationsKey, 'ot', ot],
    queryFn: ({ signal }) => call(calls.byOt, { query: { ot: ot ?? '' } }, { signal }),
    enabled: ot !== null,
  });
}

/** Gerenciar Anexos: the OT folders, all of them or those whose number holds `search`. */
export function useOtFolders(search: string) {
  return useInfiniteQuery({
    queryKey: [...operationsKey, 'ots', search],
    queryFn: ({ signal, pageParam }) =>
      call(calls.listOts, { query: { search: search || undefined, after: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** The file's address under /api (cookie session: <img>, <video> and links open it). */
export const attachmentUrl = (a: OperationAttachment) =>
  callUrl(calls.file, { params: { name: a.filepath.split('/').pop() ?? '' } });

export interface SendInput {
  ot: string;
  files: { slot: OperationSlot; file: File }[];
  /** 0–1 over all the bytes of the files. */
  onProgress: (fraction: number) => void;
}

/** Sends the new files of an OT one after the other, each resumable. */
export function useSendAttachments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ot, files, onProgress }: SendInput) => {
      const total = files.reduce((n, f) => n + f.file.size, 0) || 1;
      let done = 0;
      for (const { slot, file } of files) {
        await uploadSlot({ ot, slot, file, onProgress: (sent) => onProgress((done + sent) / total) });
        done += file.size;
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: operationsKey }),
    meta: { error: MSG.operationSendError, success: MSG.operationSent },
  });
}
