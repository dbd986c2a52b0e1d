import { type Actor, normalizeName, SECTOR_ROLE_LABEL, SECTOR_ROLES, type SectorRole } from '../roles.ts';

/** The role the spec's sector of this name plays on a fresh install (the tables are written with names). */
export const specRoleOf = (name: string): SectorRole | null =>
  SECTOR_ROLES.find((r) => normalizeName(SECTOR_ROLE_LABEL[r]) === normalizeName(name)) ?? null;

/**
 * A session user for the policy tables: a Colaborador without flags unless told otherwise. Sectors
 * are given by the spec's names and carry the roles a fresh install gives them.
 */
export function actor(overrides: Partial<Omit<Actor, 'setor'>> & { sectors?: string[] } = {}): Actor {
  const { sectors = [], ...rest } = overrides;
  return {
    userId: 10,
    privilegio: 3,
    suport: 0,
    admin: 0,
    ...rest,
    setor: sectors.map((sector) => ({ sector, role: specRoleOf(sector) })),
  };
}
