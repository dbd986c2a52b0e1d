import { type Actor, isAdmin, isGestorOrAbove } from '../roles.ts';

/** Gerenciar Anexos (the OT browser, /homeAnexoOperacao/listanexosoperacao): Administrador or gestor. */
export const canManageAttachments = (u: Actor) => isAdmin(u) || isGestorOrAbove(u);

/** Inserir Anexos: every signed-in member (spec §6). */
export const canInsertAttachments = (_u: Actor) => true;

/**
 * One OT's attachments (the upload step fills its slots with them, spec §4): every member who
 * knows the OT number; listing and searching all OTs is Gerenciar Anexos only.
 */
export const canSeeOtAttachments = (_u: Actor) => true;
