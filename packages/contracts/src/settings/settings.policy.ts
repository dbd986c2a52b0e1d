import { type Actor, isAdmin } from '../roles.ts';

/**
 * The company's own setup screens (Aprovadores, E-mail; issue 34): administration only — the
 * Administrador role or the admin flag, which the spec treats alike.
 */
export const canManageCompanySettings = (u: Actor) => isAdmin(u);
