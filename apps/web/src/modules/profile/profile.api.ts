import type { changeOwnPasswordBody, changePictureReply, updateOwnContactBody } from '@intranet/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

/** Where a stored photo is served ("files/profile/…" → "/api/files/profile/…"); the cookie authorises it. */
export const photoUrl = (foto: string | null | undefined) =>
  foto ? `/api/${foto.replace(/^\/+/, '')}` : undefined;

/** PUT /api/me: the user's own e-mail and phone. */
export function useUpdateContact() {
  return useMutation({
    mutationFn: (body: z.output<typeof updateOwnContactBody>) =>
      api<{ success: true; message?: string }>('PUT', 'me', body),
  });
}

/** PUT /api/me/password: the old password is checked; 403 means it was wrong. */
export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (body: z.output<typeof changeOwnPasswordBody>) =>
      api<{ success: true; message?: string }>('PUT', 'me/password', body),
  });
}

/** POST /api/changePictureProfile, multipart field "file". */
export function useChangePicture() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<z.output<typeof changePictureReply>>('POST', 'changePictureProfile', form);
    },
  });
}
