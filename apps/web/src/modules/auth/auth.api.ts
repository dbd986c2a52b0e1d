import { authCalls as calls, MSG } from '@intranet/contracts';
import { useMutation } from '@tanstack/react-query';
import { call, type WebCallInput } from '../../api/call.ts';

/** Password recovery, step 1: e-mails a code and answers the masked address (spec §7). */
export function useSendCode() {
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.sendCode>['body']) =>
      call(calls.sendCode, { body }, { anonymous: true }),
    meta: { error: MSG.recoveryUserError },
  });
}

/** Step 2: checks the six-digit code. */
export function useCheckCode() {
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.checkCode>['body']) =>
      call(calls.checkCode, { body }, { anonymous: true }),
    meta: { error: MSG.recoveryCodeError },
  });
}

/** Step 3: sets the new password once the code was verified. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.updatePassword>['body']) =>
      call(calls.updatePassword, { body }, { anonymous: true }),
    meta: { error: MSG.recoveryPasswordError, success: MSG.passwordResetOk },
  });
}
