import { menuPolicy } from '../home/home.policy.ts';
import { MSG } from '../messages.ts';
import { type Actor, isAdmin, normalizeName, ROLE } from '../roles.ts';
import { branchLabelOf, type OrgLists } from '../sectors/sectors.names.ts';
import { offeredRows } from '../sectors/sectors.policy.ts';

/** What an account is given: privilege, support, sectors and branches. */
export interface AccessGrant {
  privilegio: number;
  suport: number;
  setores: readonly string[];
  filiais: readonly string[];
}

/** The facts about a target account that user administration is decided from. */
export interface ManagedUser extends AccessGrant {
  id: number;
  admin: number;
}

/** Who administers users: the actor and its branches (a Gestor gives only what he has himself). */
export interface UserManager extends Actor {
  filiais: readonly string[];
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

/**
 * Support opens a department's tickets (and more) to an account; only an administrator gives it,
 * or a Gestor could give it to an account he controls and read every department's tickets.
 */
export const canGrantSupport = (u: Actor) => isAdmin(u);

/**
 * Importing users from a spreadsheet gives privileges, support and any sector in bulk: an
 * administrator's to do (a Gestor registers people one by one, within what he may give).
 */
export const canImportUsers = (u: Actor) => isAdmin(u);

const includesName = (list: readonly string[], name: string) => {
  const wanted = normalizeName(name);
  return list.some((item) => normalizeName(item) === wanted);
};

/**
 * Sectors the caller may give, among the database's active ones (decision 0116): all of them for
 * an administrator, a Gestor's own otherwise. The web and the server pass the same lists.
 */
export function grantableSectors(u: Actor, org: OrgLists): string[] {
  if (!canManageUsers(u)) return [];
  const active = offeredRows(org.sectors).map((s) => s.name);
  if (isAdmin(u)) return active;
  const own = u.setor.map((s) => s.sector);
  return active.filter((name) => includesName(own, name));
}

/** Branches (stored names) the caller may give, among the active ones: all for an administrator, a Gestor's own otherwise. */
export function grantableBranches(u: UserManager, org: OrgLists): string[] {
  if (!canManageUsers(u)) return [];
  const active = offeredRows(org.branches).map((b) => b.name);
  if (isAdmin(u)) return active;
  return active.filter((name) => includesName(u.filiais, name));
}

/**
 * Why the support, sectors or branches of a grant are refused (a lower-case reason that follows
 * "Falha ao cadastrar usuário, "), or undefined. What the account already has (`current`, on an
 * update) may stay: keeping is not giving.
 */
export function grantRefusal(
  u: UserManager,
  grant: AccessGrant,
  org: OrgLists,
  current?: AccessGrant,
): string | undefined {
  if (isAdmin(u)) return undefined;
  if (grant.suport === 1 && current?.suport !== 1 && !canGrantSupport(u)) return MSG.userSupportDenied;
  const had = (list: 'setores' | 'filiais', name: string) => includesName(current?.[list] ?? [], name);
  const sectors = grantableSectors(u, org);
  const newSectors = grant.setores.filter((s) => !had('setores', s) && !includesName(sectors, s));
  if (newSectors.length > 0) return MSG.userSectorsDenied(newSectors.join(', '));
  const branches = grantableBranches(u, org);
  const newBranches = grant.filiais.filter((b) => !had('filiais', b) && !includesName(branches, b));
  if (newBranches.length > 0)
    return MSG.userBranchesDenied(newBranches.map((b) => branchLabelOf(org.branches, b)).join(', '));
  return undefined;
}

/** Why a registration is refused (the message to show), or undefined. */
export function createRefusal(u: UserManager, grant: AccessGrant, org: OrgLists): string | undefined {
  if (!canManageUsers(u)) return MSG.forbidden;
  if (!assignablePrivileges(u).includes(grant.privilegio))
    return MSG.userCreateFailed(MSG.userPrivilegeDenied);
  const refusal = grantRefusal(u, grant, org);
  return refusal && MSG.userCreateFailed(refusal);
}

export const canCreateUser = (u: UserManager, grant: AccessGrant, org: OrgLists) =>
  createRefusal(u, grant, org) === undefined;

/**
 * A Gestor manages Colaboradores without support only: it could otherwise demote, lock out or
 * take over an Administrador, another Gestor or a support account (and through it that
 * department's tickets). An administrator manages everyone.
 */
export function canManageTarget(u: Actor, target: ManagedUser): boolean {
  if (!canManageUsers(u)) return false;
  if (isAdmin(u)) return true;
  return target.privilegio === ROLE.Colaborador && target.admin === 0 && target.suport === 0;
}

/** An administrator does not take away its own administration by mistake. */
const demotesSelf = (u: Actor, target: ManagedUser, newPrivilegio: number) =>
  u.userId === target.id && newPrivilegio !== target.privilegio;

const sentence = (reason: string) => reason.charAt(0).toUpperCase() + reason.slice(1);

/** Why a change of sectors, branches, privilege and support is refused, or undefined. */
export function updateRefusal(
  u: UserManager,
  target: ManagedUser,
  change: AccessGrant,
  org: OrgLists,
): string | undefined {
  if (!canManageUsers(u)) return MSG.forbidden;
  if (!canManageTarget(u, target)) return MSG.userManageDenied;
  if (!assignablePrivileges(u).includes(change.privilegio)) return MSG.userPrivilegeChangeDenied;
  if (demotesSelf(u, target, change.privilegio)) return MSG.forbidden;
  const refusal = grantRefusal(u, change, org, target);
  return refusal && sentence(refusal);
}

export const canUpdateUser = (u: UserManager, target: ManagedUser, change: AccessGrant, org: OrgLists) =>
  updateRefusal(u, target, change, org) === undefined;

/** Deleting deactivates the account; nobody deletes itself. */
export const canDeleteUser = (u: Actor, target: ManagedUser) =>
  u.userId !== target.id && canManageTarget(u, target);

/** Password reset without the old password; one's own password goes through /ChangePass. */
export const canResetPassword = (u: Actor, target: ManagedUser) =>
  u.userId !== target.id && canManageTarget(u, target);

/**
 * In the order of the database's lists: what the caller may give plus what the account has (a
 * sector deactivated since stays offered to the account that has it, so an edit keeps it).
 */
const mergeNames = (
  all: readonly { name: string }[],
  grantable: readonly string[],
  current: readonly string[],
) => all.map((r) => r.name).filter((name) => includesName(grantable, name) || includesName(current, name));

export function userAbilitiesFor(u: UserManager, target: ManagedUser, org: OrgLists) {
  const manage = canManageTarget(u, target);
  return {
    update: manage,
    delete: canDeleteUser(u, target),
    resetPassword: canResetPassword(u, target),
    privileges: !manage ? [] : u.userId === target.id ? [target.privilegio] : assignablePrivileges(u),
    /** Whether the support switch may change (support is an administrator's to give). */
    suport: manage && canGrantSupport(u),
    /** The sectors and branches the edit form offers: the caller's grantable ones and the current ones. */
    setores: manage ? mergeNames(org.sectors, grantableSectors(u, org), target.setores) : [],
    filiais: manage ? mergeNames(org.branches, grantableBranches(u, org), target.filiais) : [],
  };
}
