import { LIMITS, type policyInfoReply } from '@intranet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export type PolicyInfo = z.output<typeof policyInfoReply>;

/** Version date and IT e-mail of the current usage policy. */
export function usePolicyInfo() {
  return useQuery({
    queryKey: ['policy'],
    queryFn: ({ signal }) => api<PolicyInfo>('GET', 'policy', undefined, { signal }),
    staleTime: 60 * 60_000,
  });
}

/** Records that the signed-in user accepted the policy (spec §7: PUT users/policy). */
export function useAcceptPolicy() {
  return useMutation({
    mutationFn: (userId: number) =>
      api<{ success: true }>('PUT', 'users/policy', { userId, policyAccepted: LIMITS.policyAcceptedValue }),
  });
}
