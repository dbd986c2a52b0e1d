import { type Actor, isAdmin } from '../roles.ts';

/** Adding, renaming, deactivating sectors and branches: administration only (issue 34). */
export const canManageOrg = (u: Actor) => isAdmin(u);

/** What forms offer: the active rows, plus the record's own value when it was deactivated since. */
export const offeredRows = <T extends { active: number }>(
  rows: readonly T[],
  keep: (r: T) => boolean = () => false,
) => rows.filter((r) => r.active === 1 || keep(r));
