import type { Banner, bannerSavedReply, Notice, noticeSavedReply } from '@intranet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';
import { homeKeys } from '../home/home.api.ts';

export { useBanners, useNotices } from '../home/home.api.ts';

export interface NoticeDraft {
  text: string;
  position: number;
  file: File | null;
  /** Editing only: drop the stored image. */
  removeImage?: boolean;
}

function noticeForm(draft: NoticeDraft, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('text', draft.text);
  form.append('position', String(draft.position));
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  if (draft.removeImage) form.append('removeImage', '1');
  // The file goes last so the server has every text field when the upload streams in.
  if (draft.file) form.append('file', draft.file);
  return form;
}

function useHomeMutation<I, O>(fn: (input: I) => Promise<O>, key: readonly string[]) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

type Saved<T> = z.infer<T extends 'notice' ? typeof noticeSavedReply : typeof bannerSavedReply>;

/** POST /api/insert-Text (multipart text, file, userName, position, setor). */
export const useInsertNotice = (author: { userName: string; setor: string | null }) =>
  useHomeMutation(
    (draft: NoticeDraft) =>
      api<Saved<'notice'>>(
        'POST',
        'insert-Text',
        noticeForm(draft, { userName: author.userName, setor: author.setor ?? '' }),
      ),
    homeKeys.notices,
  );

export const useEditNotice = () =>
  useHomeMutation(
    ({ id, draft }: { id: number; draft: NoticeDraft }) =>
      api<Saved<'notice'>>('PUT', `notices/${id}`, noticeForm(draft)),
    homeKeys.notices,
  );

export const useDeleteNotice = () =>
  useHomeMutation((notice: Notice) => api('DELETE', 'deleteInfo', { itemId: notice.id }), homeKeys.notices);

export const useInsertBanner = () =>
  useHomeMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api<Saved<'banner'>>('POST', 'attach-banner', form);
  }, homeKeys.banners);

export const useDeleteBanner = () =>
  useHomeMutation((banner: Banner) => api('DELETE', 'attach-banner', { id: banner.id }), homeKeys.banners);
