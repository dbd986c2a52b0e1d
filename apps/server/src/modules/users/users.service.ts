import {
  assignablePrivileges,
  type CreateUserBody,
  canDeleteUser,
  canManageTarget,
  canManageUsers,
  canResetPassword,
  createRefusal,
  MSG,
  newUserPlace,
  placedRegistration,
  ROLE,
  type SessionUser,
  type UpdateUserBody,
  updateRefusal,
  userAbilitiesFor,
  type userListQuery,
} from '@intranet/contracts';
import type { z } from 'zod';
import { type Db, nowIso } from '../../db/database.ts';
import { auditedChange } from '../../platform/audit.ts';
import { authorize, conflict, forbidden, HttpError, notFound } from '../../platform/errors.ts';
import { branchesInOrder, membershipsOf, sectorsInOrder } from '../../platform/memberships.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { endUserAccess } from '../../platform/sessions.ts';
import {
  activeOrgNames,
  checkBranchName,
  checkBranchNames,
  checkSectorNames,
  type NameCheck,
  orgLists,
} from '../org/org.names.ts';
import * as q from './users.queries.ts';

/** The admin flag goes with the Administrador role (decision 0044). */
export const adminFlagFor = (privilegio: number) => (privilegio === ROLE.Administrador ? 1 : 0);

export async function listUsers(db: Db, user: SessionUser, query: z.output<typeof userListQuery>) {
  const admin = query.isAlter === 1;
  if (admin) authorize(canManageUsers(user));
  const { rows, total, totalCapped, nextCursor } = await q.listUsers(
    db,
    { search: query.data, matchCpf: admin, setor: query.setor },
    { page: query.page, pageSize: query.pageSize, cursor: query.cursor },
  );
  const [memberships, org] = await Promise.all([
    membershipsOf(
      db,
      rows.map((r) => r.id),
    ),
    admin ? orgLists(db) : undefined,
  ]);
  const users = rows.map((r) => {
    const of = memberships.get(r.id) ?? { sectors: [], branches: [] };
    const setores = sectorsInOrder(of).map((s) => s.name);
    if (!admin) return { id: r.id, nome: r.nome, matricula: r.matricula, setores };
    const filiais = branchesInOrder(of, r.filial);
    // The row, fresh from its query, gets the fields itself: two copies of each row by spread cost
    // 0.1 ms a 20-row page (decision 0022).
    const row = Object.assign(r, { setores, filiais });
    return Object.assign(row, { abilities: userAbilitiesFor(user, row, org!) });
  });
  return {
    users,
    total,
    totalCapped,
    nextCursor,
    page: query.page,
    pageSize: query.pageSize,
    creatablePrivileges: assignablePrivileges(user),
  };
}

/**
 * The grant's sectors and branches as the database stores them, each an active row or one the
 * account already has (`keep`); a Portuguese 400 naming the field otherwise (decision 0116).
 */
async function checkedNames(
  db: Db,
  body: { setores: readonly string[]; filiais: readonly string[]; filial: string },
  keep: { setores?: NameCheck['keep']; filiais?: NameCheck['keep'] } = {},
) {
  const org = await activeOrgNames(db);
  const filial = checkBranchName(org, body.filial, { field: 'Filial', keep: keep.filiais });
  return {
    filial,
    setores: checkSectorNames(org, body.setores, { field: 'Setor', keep: keep.setores }),
    filiais: [
      ...new Set([filial, ...checkBranchNames(org, body.filiais, { field: 'Filial', keep: keep.filiais })]),
    ],
  };
}

export async function createUser(db: Db, user: SessionUser, typed: CreateUserBody): Promise<number> {
  authorize(canManageUsers(user));
  const org = await orgLists(db);
  const placed = placedRegistration(typed, newUserPlace(org));
  const body = { ...placed, ...(await checkedNames(db, placed)) };
  const refusal = createRefusal(user, body, org);
  if (refusal) throw forbidden(refusal);
  const duplicate = await q.findDuplicate(db, body.matricula, body.cpf);
  if (duplicate) {
    throw conflict(
      MSG.userCreateFailed(duplicate === 'matricula' ? MSG.userDuplicateMatricula : MSG.userDuplicateCpf),
    );
  }
  const senha = await hashPassword(body.senha);
  const now = nowIso();
  try {
    return await auditedChange(db, user.userId, async (tx, record) => {
      const id = await q.insertUser(tx, {
        nome: body.nome,
        senha,
        matricula: body.matricula,
        cpf: body.cpf,
        email: body.email,
        tell: body.tell,
        filial: body.filial,
        privilegio: body.privilegio,
        suport: body.suport,
        admin: adminFlagFor(body.privilegio),
        created_at: now,
        updated_at: now,
      });
      await q.replaceMemberships(tx, id, body.setores, body.filiais);
      record({
        action: 'user.create',
        entity: 'user',
        entityId: id,
        summary: `Cadastrou o usuário ${body.matricula} (${body.nome}), privilégio ${body.privilegio}`,
      });
      return id;
    });
  } catch (err) {
    // Two registrations racing for one matrícula: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(MSG.userCreateFailed(MSG.userDuplicateMatricula));
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || (e.code ?? '').startsWith('SQLITE_CONSTRAINT_UNIQUE');
}

async function loadTarget(db: Db, userId: number) {
  const target = await q.findActiveUser(db, userId);
  if (!target) throw notFound(MSG.userNotFound);
  return target;
}

/** Refusing a Gestor names the rule; anything else (oneself) is the generic refusal. */
const targetDenied = (user: SessionUser, target: Awaited<ReturnType<typeof loadTarget>>) =>
  canManageTarget(user, target) ? MSG.forbidden : MSG.userManageDenied;

export async function updateUser(db: Db, user: SessionUser, typed: UpdateUserBody): Promise<void> {
  authorize(canManageUsers(user));
  const target = await loadTarget(db, typed.userId);
  const body = {
    ...typed,
    ...(await checkedNames(db, typed, { setores: target.setores, filiais: target.filiais })),
  };
  const refusal = updateRefusal(user, target, body, await orgLists(db));
  if (refusal) throw forbidden(refusal);
  await auditedChange(db, user.userId, async (tx, record) => {
    await q.updateAccess(tx, target.id, {
      filial: body.filial,
      privilegio: body.privilegio,
      suport: body.suport,
      admin: adminFlagFor(body.privilegio),
      updated_at: nowIso(),
    });
    await q.replaceMemberships(tx, target.id, body.setores, body.filiais);
    record({
      action: 'user.update',
      entity: 'user',
      entityId: target.id,
      summary: `Alterou o usuário ${target.matricula}: privilégio ${body.privilegio}, suporte ${body.suport}, setores ${body.setores.join(', ')}, filiais ${body.filiais.join(', ')}`,
    });
  });
}

/** Deactivates the account and ends its sessions at once; its history stays readable. */
export async function dropUser(db: Db, user: SessionUser, userId: number): Promise<void> {
  const failed = { success: false, message: MSG.userDeleteError };
  if (!canManageUsers(user)) throw new HttpError(403, MSG.forbidden, failed);
  const target = await q.findActiveUser(db, userId);
  if (!target) throw new HttpError(404, MSG.userNotFound, failed);
  if (!canDeleteUser(user, target)) {
    throw new HttpError(
      403,
      target.id === user.userId ? MSG.userSelfDelete : targetDenied(user, target),
      failed,
    );
  }
  await auditedChange(db, user.userId, async (tx, record) => {
    await q.deactivate(tx, target.id, nowIso());
    await endUserAccess(tx, target.id);
    record({
      action: 'user.delete',
      entity: 'user',
      entityId: target.id,
      summary: `Excluiu (desativou) o usuário ${target.matricula} (${target.nome})`,
    });
  });
}

/** An administrator sets a new password without the old one; the user's sessions end. */
export async function resetPassword(db: Db, user: SessionUser, userId: number, senha: string): Promise<void> {
  authorize(canManageUsers(user));
  const target = await loadTarget(db, userId);
  if (!canResetPassword(user, target)) throw forbidden(targetDenied(user, target));
  const hash = await hashPassword(senha);
  await auditedChange(db, user.userId, async (tx, record) => {
    await q.setPassword(tx, target.id, hash, nowIso());
    await endUserAccess(tx, target.id);
    record({
      action: 'user.password_reset',
      entity: 'user',
      entityId: target.id,
      summary: `Redefiniu a senha do usuário ${target.matricula}`,
    });
  });
}

/** Reference data every form needs (sectors and branches of spec §3): every member reads it. */
export const listSectors = (db: Db) => q.listSectors(db);
export const listBranches = (db: Db) => q.listBranches(db);
