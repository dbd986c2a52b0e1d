import type { Actor } from '../roles.ts';

/** A session user for the policy tables: a Colaborador without flags unless told otherwise. */
export function actor(overrides: Partial<Omit<Actor, 'setor'>> & { sectors?: string[] } = {}): Actor {
  const { sectors = [], ...rest } = overrides;
  return {
    userId: 10,
    privilegio: 3,
    suport: 0,
    admin: 0,
    ...rest,
    setor: sectors.map((sector) => ({ sector })),
  };
}
