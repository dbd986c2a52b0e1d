import { type Actor, inSector, isAdmin } from '../roles.ts';

/** Adding, editing, deleting apps and assigning their sectors: administrators (spec §2 Apps). */
export const canManageApps = (u: Actor) => isAdmin(u);

/** Administrators see every app; others the apps of their sectors (the list query applies this). */
export const seesAllApps = (u: Actor) => isAdmin(u);

export const canSeeApp = (u: Actor, app: { setores: readonly string[] }) =>
  seesAllApps(u) || app.setores.some((s) => inSector(u, s));

export const appAbilitiesFor = (u: Actor) => ({
  update: canManageApps(u),
  delete: canManageApps(u),
  assignSectors: canManageApps(u),
});
