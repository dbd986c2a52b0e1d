import {
  type Actor,
  FOLDER_MSG,
  folderItemAbilities,
  isSystemFolder,
  PUBLIC_FOLDER_ID,
  type setFolderPermissionBody,
  type shareFolderBody,
} from '@intranet/contracts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/database.ts';
import { audit, auditedChange } from '../../platform/audit.ts';
import { authorize, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import * as q from './folders.queries.ts';
import { reachFolder, reachLocked } from './folders.service.ts';

/**
 * A folder's access: its privilege and privacy, and the users it is shared with (spec §6). Each
 * change decides on the folder as read under its lock (folders.locks.ts): it waits for what is
 * under way inside the folder, and what comes after waits for it.
 */

/**
 * The folder whose permission dialog the user may use (spec §6: options, and not inside Pasta
 * Pública), as `reach` reads it: under its lock inside a change.
 */
async function permissionFolder(
  u: Actor,
  folderId: number,
  reach: (id: number) => ReturnType<typeof reachFolder>,
) {
  if (isSystemFolder(folderId)) throw forbidden(FOLDER_MSG.systemFolder);
  const { folder } = await reach(folderId);
  if (folder.parent_id === PUBLIC_FOLDER_ID) throw forbidden(FOLDER_MSG.permissionPublicFolder);
  const abilities = folderItemAbilities(u, {
    kind: 'folder',
    id: folder.id,
    ownerId: folder.user_id,
    parentId: folder.parent_id,
  });
  authorize(abilities.permission);
  return folder;
}

/** permissionFolder inside a change: the folder locked for it. */
const lockedPermissionFolder = (tx: Tx, u: Actor, folderId: number) =>
  permissionFolder(u, folderId, (id) => reachLocked(tx, u, id, 'update'));

export async function getAccess(db: Db, u: Actor, folderId: number) {
  const { folder } = await reachFolder(db, u, folderId);
  const row = await q.findFolder(db, folder.id);
  return [{ folderId: folder.id, privilegio: row!.privilegio, isPrivate: row!.is_private }];
}

export async function setPermission(db: Db, u: Actor, input: z.output<typeof setFolderPermissionBody>) {
  if (input.typeItem === 'file') throw badRequest(FOLDER_MSG.permissionFileItem);
  await auditedChange(db, u.userId, async (tx, record) => {
    const folder = await lockedPermissionFolder(tx, u, input.itemId);
    await q.setFolderAccess(tx, folder.id, input.privilegio, input.isPrivate);
    record({
      action: 'folder.permission',
      entity: 'folder',
      entityId: folder.id,
      summary: `Alterou a permissão da pasta "${folder.name}" para ${input.privilegio}${
        input.isPrivate === undefined ? '' : input.isPrivate ? ' (privada)' : ' (não privada)'
      }`,
    });
  });
}

export async function shareCandidates(db: Db, u: Actor, folderId: number, search: string | undefined) {
  const folder = await permissionFolder(u, folderId, (id) => reachFolder(db, u, id));
  const exclude = [u.userId, ...(folder.user_id ? [folder.user_id] : [])];
  return q.shareCandidates(db, folder.id, exclude, search);
}

export async function share(db: Db, u: Actor, input: z.output<typeof shareFolderBody>, allow: boolean) {
  await db.transaction().execute(async (tx) => {
    const folder = await lockedPermissionFolder(tx, u, input.folderId);
    const target = await q.findActiveUser(tx, input.userId);
    if (!target) throw notFound(FOLDER_MSG.userNotFound);
    if (allow && target.id === folder.user_id) throw badRequest(FOLDER_MSG.shareOwner);
    // Sharing twice (or unsharing what is not shared) changes nothing and leaves no trace.
    if ((await q.hasShare(tx, folder.id, target.id)) === allow) return;
    if (allow) await q.addShare(tx, folder.id, target.id, u.userId);
    else await q.removeShare(tx, folder.id, target.id);
    await audit(tx, {
      userId: u.userId,
      action: allow ? 'folder.share' : 'folder.unshare',
      entity: 'folder',
      entityId: folder.id,
      summary: `${allow ? 'Compartilhou' : 'Deixou de compartilhar'} a pasta "${folder.name}" com ${target.nome}`,
    });
  });
}
