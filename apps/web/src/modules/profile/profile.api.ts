import {
  authCalls as calls,
  MAIL_PREFERENCES_MSG,
  MSG,
  mailPreferencesCalls as mailCalls,
} from '@intranet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const mailPreferencesKey = ['me', 'notificacoes'] as const;

/** GET /api/me/notificacoes: the caller's daily digest choice and muted modules. */
export function useMailPreferences() {
  return useQuery({
    queryKey: mailPreferencesKey,
    queryFn: ({ signal }) => call(mailCalls.read, {}, { signal }),
  });
}

/** PUT /api/me/notificacoes. */
export function useSaveMailPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WebCallInput<typeof mailCalls.save>['body']) => call(mailCalls.save, { body }),
    onSuccess: (_reply, sent) => client.setQueryData(mailPreferencesKey, sent),
    meta: { error: MAIL_PREFERENCES_MSG.saveError, success: successMessage },
  });
}
