import { authCalls as calls, MSG } from '@intranet/contracts';
import { useMutation } from '@tanstack/react-query';
import { call, type WebCallInput } from '../../api/call.ts';
import { successMessage } from '../../api/query-client.ts';

/** PUT /api/me: the user's own e-mail and phone. */
export function useUpdateContact() {
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.updateOwnContact>['body']) =>
      call(calls.updateOwnContact, { body }),
    meta: { error: MSG.dataUpdateError, success: MSG.dataUpdated },
  });
}

/** PUT /api/me/password: the old password is checked; the page shows a refusal next to the field. */
export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.changeOwnPassword>['body']) =>
      call(calls.changeOwnPassword, { body }),
    meta: { error: false, success: MSG.passwordChanged },
  });
}

/** POST /api/changePictureProfile, multipart field "file". */
export function useChangePicture() {
  return useMutation({
    mutationFn: (file: File) => call(calls.changePictureProfile, { fields: {}, files: [file] }),
    meta: { error: MSG.photoUpdateError, success: successMessage },
  });
}
