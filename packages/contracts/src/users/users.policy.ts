import { menuPolicy } from '../home/home.policy.ts';
import { type Actor, isAdmin, ROLE } from '../roles.ts';

/** The facts about a target account that user administration is decided from. */
export interface ManagedUser {
  id: number;
  privilegio: number;
  admin: number;
}

/** The Usuarios page and its calls: admin or role below 3 (spec §6). */
export const canManageUsers = (u: Actor) => menuPolicy.showUsuarios(u);

/**
 * Who the user lists show: every active account, to every member (the name directory) and to user
 * managers (the administration list). A deleted (deactivated) account is listed to nobody.
 */
export const canSeeUser = (_u: Actor, target: { active: number }) => target.active === 1;

/** Only an Administrador may give Administrador or Gestor; others only Usuário (spec §5, §6). */
export function assignablePrivileges(u: Actor): number[] {
  if (!canManageUsers(u)) return [];
  return isAdmin(u) ? [ROLE.Administrador, ROLE.Gestor, ROLE.Colaborador] : [ROLE.Colaborador];
}

export const canCreateUser = (u: Actor, privilegio: number) => assignablePrivileges(u).includes(privilegio);

/**
 * A Gestor manages Usuário accounts only: it could otherwise demote, lock out or take over an
 * Administrador or another Gestor. An administrator manages everyone.
 */
export function canManageTarget(u: Actor, target: ManagedUser): boolean {
  if (!canManageUsers(u)) return false;
  if (isAdmin(u)) return true;
  return target.privilegio === ROLE.Colaborador && target.admin === 0;
}

/** Sectors, branches, privilege and support; the new privilege must be one the caller may give. */
export const canUpdateUser = (u: Actor, target: ManagedUser, newPrivilegio: number = target.privilegio) =>
  canManageTarget(u, target) &&
  assignablePrivileges(u).includes(newPrivilegio) &&
  !demotesSelf(u, target, newPrivilegio);

/** An administrator does not take away its own administration by mistake. */
const demotesSelf = (u: Actor, target: ManagedUser, newPrivilegio: number) =>
  u.userId === target.id && newPrivilegio !== target.privilegio;

/** Deleting deactivates the account; nobody deletes itself. */
export const canDeleteUser = (u: Actor, target: ManagedUser) =>
  u.userId !== target.id && canManageTarget(u, target);

/** Password reset without the old password; one's own password goes through /ChangePass. */
export const canResetPassword = (u: Actor, target: ManagedUser) =>
  u.userId !== target.id && canManageTarget(u, target);

export function userAbilitiesFor(u: Actor, target: ManagedUser) {
  const manage = canManageTarget(u, target);
  return {
    update: manage,
    delete: canDeleteUser(u, target),
    resetPassword: canResetPassword(u, target),
    privileges: !manage ? [] : u.userId === target.id ? [target.privilegio] : assignablePrivileges(u),
  };
}
