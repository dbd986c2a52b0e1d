import { type OrgList, sectorsCalls } from '@intranet/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './call.ts';

export const orgKey = ['org'] as const;

const NO_ORG: OrgList = { sectors: [], branches: [] };

/**
 * The company's sectors and branches, active or not (GET /api/org, decision 0116), read once: the
 * forms' selects, the lists' branch labels and filters all use this one copy. The Setores e filiais
 * screen refreshes it after each change; another administrator's change shows within half an hour.
 */
export function useOrg() {
  return useQuery({
    queryKey: orgKey,
    queryFn: ({ signal }) => call(sectorsCalls.list, {}, { signal }),
    staleTime: 30 * 60_000,
  });
}

/** The lists, empty until they arrive (a select then offers nothing yet; a label shows the stored name). */
export function useOrgLists(): OrgList {
  return useOrg().data ?? NO_ORG;
}
