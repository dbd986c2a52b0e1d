import {
  type BranchRow,
  canManageOrg,
  type createBranchBody,
  type createSectorBody,
  isSectorRole,
  SECTOR_MSG,
  SECTOR_ROLE_LABEL,
  type SectorRow,
  type SessionUser,
  type updateBranchBody,
  type updateSectorBody,
} from '@intranet/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { auditedChange } from '../../platform/audit.ts';
import { authorize, conflict, notFound } from '../../platform/errors.ts';
import * as q from './org.queries.ts';

const sectorRow = (r: q.SectorRecord): SectorRow => ({
  ...r,
  role: isSectorRole(r.role) ? r.role : null,
});

export async function listOrg(db: DbOrTx) {
  const { sectors, branches } = await q.listOrg(db);
  return { sectors: sectors.map(sectorRow), branches };
}

async function refuseTakenRole(db: DbOrTx, role: string | null | undefined, id: number) {
  if (!role) return;
  const holder = await q.roleHolder(db, role, id);
  if (holder) throw conflict(`${SECTOR_MSG.roleTaken} (${holder.name})`);
}

const describeRole = (role: string | null) =>
  isSectorRole(role) ? `função ${SECTOR_ROLE_LABEL[role]}` : 'sem função';

export async function createSector(db: Db, user: SessionUser, body: z.output<typeof createSectorBody>) {
  authorize(canManageOrg(user));
  return auditedChange(db, user.userId, async (tx, record) => {
    if (await q.sectorNamed(tx, body.name)) throw conflict(SECTOR_MSG.sectorTaken);
    await refuseTakenRole(tx, body.role, 0);
    const row = await tx
      .insertInto('sectors')
      .values({ name: body.name, role: body.role, active: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    record({
      action: 'sector.create',
      entity: 'sector',
      entityId: row.id,
      summary: `Setor ${body.name} criado (${describeRole(body.role)})`,
    });
    return sectorRow((await q.findSector(tx, row.id))!);
  });
}

export async function updateSector(
  db: Db,
  user: SessionUser,
  id: number,
  body: z.output<typeof updateSectorBody>,
) {
  authorize(canManageOrg(user));
  return auditedChange(db, user.userId, async (tx, record) => {
    const before = await q.findSector(tx, id);
    if (!before) throw notFound(SECTOR_MSG.sectorNotFound);
    const name = body.name ?? before.name;
    const role = body.role === undefined ? before.role : body.role;
    const active = body.active ?? before.active;
    if (name !== before.name && (await q.sectorNamed(tx, name, id))) throw conflict(SECTOR_MSG.sectorTaken);
    if (active === 1) await refuseTakenRole(tx, role, id);
    await tx.updateTable('sectors').set({ name, role, active }).where('id', '=', id).execute();
    if (name !== before.name) await q.renameSectorEverywhere(tx, before.name, name);
    const changes = [
      name !== before.name ? `renomeado de ${before.name} para ${name}` : '',
      role !== before.role ? describeRole(role) : '',
      active !== before.active ? (active ? 'reativado' : 'desativado') : '',
    ].filter(Boolean);
    record({
      action: 'sector.update',
      entity: 'sector',
      entityId: id,
      summary: `Setor ${before.name}: ${changes.join(', ') || 'sem alterações'}`,
    });
    return sectorRow((await q.findSector(tx, id))!);
  });
}

export async function deleteSector(db: Db, user: SessionUser, id: number) {
  authorize(canManageOrg(user));
  await auditedChange(db, user.userId, async (tx, record) => {
    const row = await q.findSector(tx, id);
    if (!row) throw notFound(SECTOR_MSG.sectorNotFound);
    if (await q.sectorInUse(tx, id, row.name)) throw conflict(SECTOR_MSG.sectorInUse);
    await tx.deleteFrom('sectors').where('id', '=', id).execute();
    record({
      action: 'sector.delete',
      entity: 'sector',
      entityId: id,
      summary: `Setor ${row.name} excluído`,
    });
  });
}

/** A new branch: its stored name is the label as typed (unique), and stays when it is renamed. */
export async function createBranch(db: Db, user: SessionUser, body: z.output<typeof createBranchBody>) {
  authorize(canManageOrg(user));
  return auditedChange(db, user.userId, async (tx, record): Promise<BranchRow> => {
    if (await q.branchNamed(tx, body.label)) throw conflict(SECTOR_MSG.branchTaken);
    const row = await tx
      .insertInto('branches')
      .values({ name: body.label, label: body.label, active: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    record({
      action: 'branch.create',
      entity: 'branch',
      entityId: row.id,
      summary: `Filial ${body.label} criada`,
    });
    return (await q.findBranch(tx, row.id))!;
  });
}

export async function updateBranch(
  db: Db,
  user: SessionUser,
  id: number,
  body: z.output<typeof updateBranchBody>,
) {
  authorize(canManageOrg(user));
  return auditedChange(db, user.userId, async (tx, record): Promise<BranchRow> => {
    const before = await q.findBranch(tx, id);
    if (!before) throw notFound(SECTOR_MSG.branchNotFound);
    const label = body.label ?? before.label;
    const active = body.active ?? before.active;
    if (label !== before.label && (await q.branchNamed(tx, label, id)))
      throw conflict(SECTOR_MSG.branchTaken);
    await tx.updateTable('branches').set({ label, active }).where('id', '=', id).execute();
    const changes = [
      label !== before.label ? `renomeada de ${before.label} para ${label}` : '',
      active !== before.active ? (active ? 'reativada' : 'desativada') : '',
    ].filter(Boolean);
    record({
      action: 'branch.update',
      entity: 'branch',
      entityId: id,
      summary: `Filial ${before.label}: ${changes.join(', ') || 'sem alterações'}`,
    });
    return (await q.findBranch(tx, id))!;
  });
}

export async function deleteBranch(db: Db, user: SessionUser, id: number) {
  authorize(canManageOrg(user));
  await auditedChange(db, user.userId, async (tx, record) => {
    const row = await q.findBranch(tx, id);
    if (!row) throw notFound(SECTOR_MSG.branchNotFound);
    if (await q.branchInUse(tx, id, row.name)) throw conflict(SECTOR_MSG.branchInUse);
    await tx.deleteFrom('branches').where('id', '=', id).execute();
    record({
      action: 'branch.delete',
      entity: 'branch',
      entityId: id,
      summary: `Filial ${row.label} excluída`,
    });
  });
}
