import { type Actor, isAdmin, isSupport } from '../roles.ts';

/** /ChamadosAbertos: admin or suport above 0 (spec §6). */
export const canOpenChamadosAbertos = (u: Actor) => isAdmin(u) || u.suport > 0;

/** A caller acts on itself; only an administrator may act on another user. */
export const canActOnUser = (u: Actor, targetUserId: number) => u.userId === targetUserId || isAdmin(u);

export const canSeeSupportCards = (u: Actor) => isSupport(u) || isAdmin(u);
