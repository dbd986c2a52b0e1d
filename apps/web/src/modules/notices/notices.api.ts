import { noticesCalls as calls, MSG } from '@intranet/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type WebCallInput } from '../../api/call.ts';
import { homeKeys } from '../home/home.api.ts';

export { useBanners, useNotices } from '../home/home.api.ts';

/** Every notice query: the home list and the Avisos pages (a change reads both again). */
const noticesKey = ['notices'] as const;

/** GET /api/notices: every notice, newest first, a page at a time (the Avisos screen). */
export function useNoticePages() {
  return useInfiniteQuery({
    queryKey: [...noticesKey, 'pages'],
    queryFn: ({ signal, pageParam }) =>
      call(calls.page, { query: { cursor: pageParam || undefined } }, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
  });
}

function useInvalidate(key: readonly string[]) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: key });
}

/** POST /api/insert-Text (multipart text, file, userName, position, setor). */
export function useInsertNotice() {
  const invalidate = useInvalidate(noticesKey);
  return useMutation({
    mutationFn: (input: WebCallInput<typeof calls.insert>) => call(calls.insert, input),
    onSuccess: invalidate,
    meta: { error: MSG.noticeInsertError, success: MSG.noticeInserted },
  });
}

export function useEditNotice() {
  const invalidate = useInvalidate(noticesKey);
  return useMutation({
    mutationFn: (input: WebCallInput<typeof calls.edit>) => call(calls.edit, input),
    onSuccess: invalidate,
    meta: { error: MSG.noticeUpdateError, success: MSG.noticeUpdated },
  });
}

export function useDeleteNotice() {
  const invalidate = useInvalidate(noticesKey);
  return useMutation({
    mutationFn: (id: number) => call(calls.remove, { body: { itemId: id } }),
    onSuccess: invalidate,
    meta: { error: MSG.noticeDeleteError, success: MSG.noticeDeleted },
  });
}

export function useInsertBanner() {
  const invalidate = useInvalidate(homeKeys.banners);
  return useMutation({
    mutationFn: (file: File) => call(calls.insertBanner, { fields: {}, files: [file] }),
    onSuccess: invalidate,
    meta: { error: MSG.bannerSendError, success: MSG.bannerSent },
  });
}

export function useDeleteBanner() {
  const invalidate = useInvalidate(homeKeys.banners);
  return useMutation({
    mutationFn: (id: number) => call(calls.removeBanner, { body: { id } }),
    onSuccess: invalidate,
    meta: { error: MSG.bannerDeleteError, success: MSG.bannerDeleted },
  });
}
