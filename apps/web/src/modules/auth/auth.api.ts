import type { checkCodeBody, sendCodeBody, sendCodeReply, updatePasswordBody } from '@intranet/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

/** Password recovery, step 1: e-mails a code and answers the masked address (spec §7). */
export function useSendCode() {
  return useMutation({
    mutationFn: (body: z.input<typeof sendCodeBody>) =>
      api<z.output<typeof sendCodeReply>>('POST', 'sendCode', body, { anonymous: true }),
  });
}

/** Step 2: checks the six-digit code. */
export function useCheckCode() {
  return useMutation({
    mutationFn: (body: z.input<typeof checkCodeBody>) =>
      api<{ success: true }>('POST', 'checkCode', body, { anonymous: true }),
  });
}

/** Step 3: sets the new password once the code was verified. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof updatePasswordBody>) =>
      api<{ success: true; message?: string }>('PUT', 'updatepassword', body, { anonymous: true }),
  });
}
