import { SECTOR_ROLE_LABEL, SECTOR_ROLES, type SectorRole } from '../roles.ts';

/** A sector row as GET /api/org answers it. */
export interface OrgSector {
  id: number;
  name: string;
  role: SectorRole | null;
  active: number;
}
export interface OrgBranch {
  id: number;
  name: string;
  label: string;
  active: number;
}

/**
 * The lists of a fresh install (the spec's nine sectors with their roles, Matriz and Maua shown
 * Mauá), all active, for the policy tables; `extra` rows are appended (a renamed or deactivated one).
 */
export function specOrg(extra: { sectors?: OrgSector[]; branches?: OrgBranch[] } = {}) {
  return {
    sectors: [
      ...SECTOR_ROLES.map((role, i) => ({ id: i + 1, name: SECTOR_ROLE_LABEL[role], role, active: 1 })),
      ...(extra.sectors ?? []),
    ],
    branches: [
      { id: 1, name: 'Matriz', label: 'Matriz', active: 1 },
      { id: 2, name: 'Maua', label: 'Mauá', active: 1 },
      ...(extra.branches ?? []),
    ],
  };
}
