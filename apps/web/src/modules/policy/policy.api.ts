import { authCalls as calls, LIMITS, MSG } from '@intranet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';

/** Version date and IT e-mail of the current usage policy. */
export function usePolicyInfo() {
  return useQuery({
    queryKey: ['policy'],
    queryFn: ({ signal }) => call(calls.policy, {}, { signal }),
    staleTime: 60 * 60_000,
  });
}

/** Records that the signed-in user accepted the policy (spec §7: PUT users/policy). */
export function useAcceptPolicy() {
  return useMutation({
    mutationFn: (userId: number) =>
      call(calls.acceptPolicy, { body: { userId, policyAccepted: LIMITS.policyAcceptedValue } }),
    meta: { error: MSG.policyAcceptError },
  });
}
