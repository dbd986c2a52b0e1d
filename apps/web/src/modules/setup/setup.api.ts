import { type AdministratorBody, setupCalls as calls, SETUP_MSG } from '@intranet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';

/** Whether the set-up link still holds (a 404 is the answer, not an error to retry). */
export function useSetupLink(token: string) {
  return useQuery({
    queryKey: ['setup', token],
    queryFn: () => call(calls.checkSetup, { params: { token } }, { anonymous: true }),
    retry: false,
  });
}

/** Makes the first administrator; the link dies with it. */
export function useFinishSetup(token: string) {
  return useMutation({
    mutationFn: (body: AdministratorBody) =>
      call(calls.finishSetup, { params: { token }, body }, { anonymous: true }),
    meta: { error: false, success: SETUP_MSG.done },
  });
}
