import {
  type Actor,
  canCreateFolderIn,
  canUploadInto,
  type FileItem,
  FOLDER_MSG,
  type FolderItem,
  folderItemAbilities,
  folderNameKey,
  type GetItemsReply,
  initialPrivilege,
  isBlockedUpload,
  isSystemFolder,
  MSG,
  normalizeItemName,
  numberedItemName,
  PUBLIC_FOLDER_ID,
  ROOT_FOLDER_ID,
  renamedFileName,
} from '@intranet/contracts';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { auditedChange } from '../../platform/audit.ts';
import {
  authorize,
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  unsupportedMedia,
} from '../../platform/errors.ts';
import { commitWithFiles } from '../../platform/image-upload.ts';
import type { ReceivedForm } from '../../platform/uploads.ts';
import type { Storage } from '../../storage/storage.ts';
import { decodeCursor, encodeCursor } from './folders.cursor.ts';
import * as q from './folders.queries.ts';
import { searchBelow } from './folders.search.ts';
import { folderTree, trailTo } from './folders.tree.ts';

/** One answer holds at most this many folders and files each (a search says when it cut). */
const LIST_LIMIT = 5000;
const SEARCH_LIMIT = 500;
/** Items per page of a paged listing when the request names no page size. */
const PAGE_SIZE = 200;
export const FOLDER_STORAGE_PREFIX = 'folders';
export const storageKey = (fileName: string) => `${FOLDER_STORAGE_PREFIX}/${fileName}`;

type FolderRow = Omit<Awaited<ReturnType<typeof q.listChildFolders>>[number], 'name_key'>;
type FileRow = Omit<Awaited<ReturnType<typeof q.listFolderFiles>>[number], 'name_key'>;

function toFolderItem(u: Actor, r: FolderRow): FolderItem {
  return {
    id: r.id,
    name: r.name,
    user_id: r.user_id,
    file_name: null,
    path: null,
    tipo: 'folder',
    date: r.created_at,
    createdByName: r.createdByName ?? null,
    parent_id: r.parent_id,
    privilegio: r.privilegio,
    isPrivate: r.is_private,
    abilities: folderItemAbilities(u, {
      kind: 'folder',
      id: r.id,
      ownerId: r.user_id,
      parentId: r.parent_id,
    }),
  };
}

function toFileItem(u: Actor, r: FileRow): FileItem {
  return {
    id: r.id,
    name: r.name,
    user_id: r.user_id,
    file_name: r.file_name,
    path: `download/${r.file_name}`,
    tipo: r.tipo,
    date: r.created_at,
    createdByName: r.createdByName ?? null,
    folder_id: r.folder_id,
    size: Number(r.size),
    mime: r.mime,
    abilities: folderItemAbilities(u, { kind: 'file', id: r.id, ownerId: r.user_id, parentId: r.folder_id }),
  };
}

/**
 * The folder and its way from the root, if the user reaches it (it and every ancestor visible);
 * an unreachable folder is answered as unknown, so its existence is not revealed.
 */
export async function reachFolder(db: DbOrTx, u: Actor, folderId: number) {
  const chain = await q.folderChain(db, folderId, q.viewerOf(u));
  const target = chain[chain.length - 1];
  if (!target || target.id !== folderId || chain.some((c) => c.visible !== 1)) {
    throw notFound(FOLDER_MSG.folderNotFound);
  }
  return { folder: target, trail: chain.map((c) => ({ id: c.id, name: c.name })) };
}

async function reachFile(db: DbOrTx, u: Actor, fileId: number) {
  const file = await q.findFile(db, fileId);
  if (!file) throw notFound(FOLDER_MSG.fileNotFound);
  try {
    await reachFolder(db, u, file.folder_id);
  } catch {
    throw notFound(FOLDER_MSG.fileNotFound);
  }
  return file;
}

/** Where a paged listing goes on: in the subfolders ('d') or the files ('f') after a name key (unique in a folder). */
const listingCursor = z.tuple([z.enum(['d', 'f']), z.string()]);

/** One page of a folder's listing: subfolders first, then files, both by name. */
async function listingPage(
  db: Db,
  folderId: number,
  v: q.Viewer,
  pageSize: number,
  cursor: string | undefined,
) {
  const [phase, after] = cursor ? decodeCursor(listingCursor, cursor) : ['d' as const, undefined];
  const folders = phase === 'd' ? await q.listChildFolders(db, folderId, v, pageSize + 1, after) : [];
  if (folders.length > pageSize) {
    const shown = folders.slice(0, pageSize);
    return {
      folders: shown,
      files: [],
      nextCursor: encodeCursor(['d', shown.at(-1)?.name_key ?? '']),
    };
  }
  const room = pageSize - folders.length;
  const files = await q.listFolderFiles(db, folderId, room + 1, phase === 'f' ? after : undefined);
  if (files.length <= room) return { folders, files };
  const shown = files.slice(0, room);
  const last = shown.at(-1)?.name_key;
  // The page filled up with folders exactly: the files start on the next one.
  return {
    folders,
    files: shown,
    nextCursor: encodeCursor(last === undefined ? ['f', ''] : ['f', last]),
  };
}

export async function getItems(
  db: Db,
  u: Actor,
  input: { selectID?: number; textSearch?: string; pageSize?: number; cursor?: string },
): Promise<GetItemsReply> {
  const folderId = input.selectID ?? ROOT_FOLDER_ID;
  const tree = await folderTree(db);
  const way = trailTo(tree, u, folderId);
  const folder = way?.at(-1);
  if (!way || !folder) throw notFound(FOLDER_MSG.folderNotFound);
  const trail = way.map((f) => ({ id: f.id, name: f.name }));
  const v = q.viewerOf(u);
  const text = input.textSearch?.trim();
  const paged = input.pageSize !== undefined || input.cursor !== undefined;
  let folders: FolderRow[];
  let files: FileRow[];
  let truncated = false;
  let nextCursor: string | undefined;
  let location: ((parentId: number | null) => string) | undefined;
  if (text) {
    const found = await searchBelow(
      db,
      tree,
      u,
      folderId,
      text,
      paged ? { pageSize: input.pageSize ?? PAGE_SIZE, cursor: input.cursor } : { limit: SEARCH_LIMIT },
    );
    ({ folders, files, truncated, nextCursor } = found);
    location = found.location;
  } else if (paged) {
    ({ folders, files, nextCursor } = await listingPage(
      db,
      folderId,
      v,
      input.pageSize ?? PAGE_SIZE,
      input.cursor,
    ));
  } else {
    folders = await q.listChildFolders(db, folderId, v, LIST_LIMIT + 1);
    files = await q.listFolderFiles(db, folderId, LIST_LIMIT + 1);
    truncated = folders.length > LIST_LIMIT || files.length > LIST_LIMIT;
    folders = folders.slice(0, LIST_LIMIT);
    files = files.slice(0, LIST_LIMIT);
  }
  const where = (parentId: number | null) =>
    location && parentId !== null ? { location: location(parentId) } : {};
  return {
    folders: folders.map((r) => ({ ...toFolderItem(u, r), ...where(r.parent_id) })),
    files: files.map((r) => ({ ...toFileItem(u, r), ...where(r.folder_id) })),
    current: {
      id: folder.id,
      name: folder.name,
      trail,
      canUpload: canUploadInto(folder.id),
      canCreateFolder: canCreateFolderIn(u, folder.id),
    },
    truncated,
    ...(nextCursor ? { nextCursor } : {}),
  };
}

/** The first free name among "name", "name (2)", "name (3)"… in a folder. */
export async function availableName(db: DbOrTx, kind: 'folder' | 'file', parentId: number, name: string) {
  const [base] = kind === 'file' ? [name.replace(/\.[^.]*$/, '') || name] : [name];
  const used = await q.namesLike(db, kind, parentId, folderNameKey(base));
  for (let n = 1; ; n++) {
    const candidate = numberedItemName(name, n, kind);
    if (!used.has(folderNameKey(candidate))) return { isExist: n > 1, availableName: candidate, taken: used };
  }
}

export async function checkExistence(
  db: Db,
  u: Actor,
  input: { parentFolderId: number; folderName: string; type: 'folder' | 'file' },
) {
  await reachFolder(db, u, input.parentFolderId);
  const { isExist, availableName: name } = await availableName(
    db,
    input.type,
    input.parentFolderId,
    input.folderName,
  );
  return { isExist, availableName: name };
}

/** Runs a change; a unique-name race becomes the same 409 as the check before it. */
async function uniqueNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(FOLDER_MSG.nameTaken);
    throw err;
  }
}

export async function createFolder(
  db: Db,
  u: Actor,
  input: { folderName: string; parentFolderId: number; isPrivate: 0 | 1 },
): Promise<number> {
  await reachFolder(db, u, input.parentFolderId);
  authorize(canCreateFolderIn(u, input.parentFolderId));
  const key = folderNameKey(input.folderName);
  const taken = await q.namesLike(db, 'folder', input.parentFolderId, key);
  if (taken.has(key)) throw conflict(FOLDER_MSG.nameTaken);
  return uniqueNames(() =>
    auditedChange(db, u.userId, async (tx, record) => {
      const id = await q.insertFolder(tx, {
        name: input.folderName,
        name_key: key,
        parent_id: input.parentFolderId,
        user_id: u.userId,
        privilegio: initialPrivilege(input.parentFolderId),
        is_private: input.isPrivate,
      });
      record({
        action: 'folder.create',
        entity: 'folder',
        entityId: id,
        summary: `Criou a pasta "${input.folderName}" (em ${input.parentFolderId})`,
      });
      return id;
    }),
  );
}

export async function renameFolder(db: Db, u: Actor, input: { itemId: number; itemName: string }) {
  if (isSystemFolder(input.itemId)) throw forbidden(FOLDER_MSG.systemFolder);
  const { folder } = await reachFolder(db, u, input.itemId);
  const abilities = folderItemAbilities(u, {
    kind: 'folder',
    id: folder.id,
    ownerId: folder.user_id,
    parentId: folder.parent_id,
  });
  authorize(abilities.rename);
  const key = folderNameKey(input.itemName);
  const taken = await q.namesLike(db, 'folder', folder.parent_id!, key);
  const current = await q.findFolder(db, folder.id);
  if (taken.has(key) && current?.name_key !== key) throw conflict(FOLDER_MSG.nameTaken);
  await uniqueNames(() =>
    auditedChange(db, u.userId, async (tx, record) => {
      await q.renameFolderRow(tx, folder.id, input.itemName, key);
      record({
        action: 'folder.rename',
        entity: 'folder',
        entityId: folder.id,
        summary: `Renomeou a pasta "${folder.name}" para "${input.itemName}"`,
      });
    }),
  );
}

export async function renameFile(db: Db, u: Actor, typed: { itemId: number; itemName: string }) {
  const file = await reachFile(db, u, typed.itemId);
  // A name typed without an extension keeps the file's one (issue 15): aviso.png stays a .png.
  const input = { ...typed, itemName: renamedFileName(file.name, typed.itemName) };
  const abilities = folderItemAbilities(u, {
    kind: 'file',
    id: file.id,
    ownerId: file.user_id,
    parentId: file.folder_id,
  });
  authorize(abilities.rename);
  // The upload rule again: a text file renamed to .vbs would run when opened.
  if (isBlockedUpload(input.itemName, file.mime)) throw unsupportedMedia(FOLDER_MSG.uploadDangerous);
  const key = folderNameKey(input.itemName);
  const taken = await q.namesLike(db, 'file', file.folder_id, key);
  if (taken.has(key) && file.name_key !== key) throw conflict(FOLDER_MSG.nameTaken);
  await uniqueNames(() =>
    auditedChange(db, u.userId, async (tx, record) => {
      await q.renameFileRow(tx, file.id, input.itemName, key);
      record({
        action: 'file.rename',
        entity: 'folder_file',
        entityId: file.id,
        summary: `Renomeou o arquivo "${file.name}" para "${input.itemName}"`,
      });
    }),
  );
}

/** What deleting a folder takes with it, counting only what the caller sees. */
export async function folderSummary(db: Db, u: Actor, folderId: number) {
  await reachFolder(db, u, folderId);
  return q.subtreeSummary(db, folderId, q.viewerOf(u));
}

/** Deletes a file or a whole folder tree: rows in one transaction, stored files after the commit. */
export async function dropItem(db: Db, storage: Storage, u: Actor, input: { id: number; tipo: string }) {
  let storedNames: string[];
  if (input.tipo === 'folder') {
    if (isSystemFolder(input.id)) throw forbidden(FOLDER_MSG.systemFolder);
    const { folder } = await reachFolder(db, u, input.id);
    authorize(
      folderItemAbilities(u, {
        kind: 'folder',
        id: folder.id,
        ownerId: folder.user_id,
        parentId: folder.parent_id,
      }).delete,
    );
    storedNames = await auditedChange(db, u.userId, async (tx, record) => {
      // Nobody deletes what he cannot see (docs/decisions.md, Folders).
      const viewer = q.viewerOf(u);
      if (await q.treeHasHiddenFolders(tx, folder.id, viewer)) throw conflict(FOLDER_MSG.deleteHiddenItems);
      const summary = await q.subtreeSummary(tx, folder.id, viewer);
      const names = await q.deleteTree(tx, folder.id);
      record({
        action: 'folder.delete',
        entity: 'folder',
        entityId: folder.id,
        summary: `Excluiu a pasta "${folder.name}" com ${summary.folders} subpasta(s) e ${summary.files} arquivo(s)`,
      });
      return names;
    });
  } else {
    const file = await reachFile(db, u, input.id);
    authorize(
      folderItemAbilities(u, { kind: 'file', id: file.id, ownerId: file.user_id, parentId: file.folder_id })
        .delete,
    );
    await auditedChange(db, u.userId, async (tx, record) => {
      await q.deleteFileRow(tx, file.id);
      record({
        action: 'file.delete',
        entity: 'folder_file',
        entityId: file.id,
        summary: `Excluiu o arquivo "${file.name}"`,
      });
    });
    storedNames = [file.file_name];
  }
  // After the commit: a crash here leaves unreferenced bytes on disk, never a row without its file.
  for (const name of storedNames) await storage.delete(storageKey(name));
  return storedNames.length;
}

/** Refuses an upload target before any byte is stored (root, Pasta Pública, unreachable). */
export async function assertUploadTarget(db: DbOrTx, u: Actor, folderId: number) {
  if (folderId === ROOT_FOLDER_ID) throw badRequest(FOLDER_MSG.uploadOutsideFolder);
  if (folderId === PUBLIC_FOLDER_ID) throw forbidden(FOLDER_MSG.uploadPublicFolder);
  await reachFolder(db, u, folderId);
}

/** Stores the received files in a folder; a refused or failed upload leaves no byte behind. */
export async function saveUpload(
  db: Db,
  storage: Storage,
  u: Actor,
  folderId: number,
  form: ReceivedForm,
): Promise<FileItem[]> {
  const ids = await commitWithFiles(form, storage, async () => {
    await assertUploadTarget(db, u, folderId);
    if (form.files.length === 0) throw badRequest(MSG.fileMissing);
    const now = new Date().toISOString();
    const result = await uniqueNames(() =>
      auditedChange(db, u.userId, async (tx, record) => {
        const rows = [];
        const claimed = new Set<string>();
        for (const f of form.files) {
          const wanted = normalizeItemName(f.originalName) || 'arquivo';
          let { availableName: name, taken } = await availableName(tx, 'file', folderId, wanted);
          for (let n = 2; claimed.has(folderNameKey(name)) || taken.has(folderNameKey(name)); n++) {
            name = numberedItemName(wanted, n, 'file');
          }
          claimed.add(folderNameKey(name));
          const dot = name.lastIndexOf('.');
          const tipo =
            dot > 0
              ? name
                  .slice(dot + 1)
                  .toLowerCase()
                  .slice(0, 20)
              : f.ext;
          rows.push({
            name,
            name_key: folderNameKey(name),
            file_name: f.key.slice(FOLDER_STORAGE_PREFIX.length + 1),
            folder_id: folderId,
            user_id: u.userId,
            size: f.size,
            mime: f.mime,
            tipo,
            created_at: now,
          });
        }
        const inserted = await q.insertFiles(tx, rows);
        record({
          action: 'file.upload',
          entity: 'folder',
          entityId: folderId,
          summary: `Enviou ${rows.length} arquivo(s): ${rows.map((r) => r.name).join(', ')}`,
        });
        return inserted.map((r) => r.id);
      }),
    );
    return { result };
  });
  const rows = await q.listFilesByIds(db, ids);
  return rows.map((r) => toFileItem(u, r));
}

/** The file behind download/{file_name}, if the user may download it. */
export async function fileForDownload(db: Db, u: Actor, fileName: string) {
  if (!/^[0-9a-f-]{36}\.[a-z0-9]{1,10}$/.test(fileName)) throw notFound(FOLDER_MSG.fileNotFound);
  const row = await q.findFileByStoredName(db, fileName);
  if (!row) throw notFound(FOLDER_MSG.fileNotFound);
  const file = await reachFile(db, u, row.id);
  const abilities = folderItemAbilities(u, {
    kind: 'file',
    id: file.id,
    ownerId: file.user_id,
    parentId: file.folder_id,
  });
  if (!abilities.download) throw new HttpError(403, FOLDER_MSG.downloadForbidden);
  // A name given before rename followed the upload rule (issue 9) may be a program's: it downloads as text.
  return isBlockedUpload(file.name) ? { ...file, name: `${normalizeItemName(file.name)}.txt` } : file;
}

// ---- permissions ------------------------------------------------------------------------------

/** The folder whose permission dialog the user may use (spec §6: options, and not inside Pasta Pública). */
async function permissionFolder(db: DbOrTx, u: Actor, folderId: number) {
  if (isSystemFolder(folderId)) throw forbidden(FOLDER_MSG.systemFolder);
  const { folder } = await reachFolder(db, u, folderId);
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

export async function getAccess(db: Db, u: Actor, folderId: number) {
  const { folder } = await reachFolder(db, u, folderId);
  const row = await q.findFolder(db, folder.id);
  return [{ folderId: folder.id, privilegio: row!.privilegio, isPrivate: row!.is_private }];
}

export async function setPermission(
  db: Db,
  u: Actor,
  input: { itemId: number; privilegio: number; typeItem: 'folder' | 'file'; isPrivate?: 0 | 1 },
) {
  if (input.typeItem === 'file') throw badRequest(FOLDER_MSG.permissionFileItem);
  const folder = await permissionFolder(db, u, input.itemId);
  await auditedChange(db, u.userId, async (tx, record) => {
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
  const folder = await permissionFolder(db, u, folderId);
  const exclude = [u.userId, ...(folder.user_id ? [folder.user_id] : [])];
  return q.shareCandidates(db, folder.id, exclude, search);
}

export async function share(db: Db, u: Actor, input: { folderId: number; userId: number }, allow: boolean) {
  const folder = await permissionFolder(db, u, input.folderId);
  const target = await q.findActiveUser(db, input.userId);
  if (!target) throw notFound(FOLDER_MSG.userNotFound);
  if (allow && target.id === folder.user_id) throw badRequest(FOLDER_MSG.shareOwner);
  // Sharing twice (or unsharing what is not shared) changes nothing and leaves no trace.
  if ((await q.hasShare(db, folder.id, target.id)) === allow) return;
  await auditedChange(db, u.userId, async (tx, record) => {
    if (allow) await q.addShare(tx, folder.id, target.id, u.userId);
    else await q.removeShare(tx, folder.id, target.id);
    record({
      action: allow ? 'folder.share' : 'folder.unshare',
      entity: 'folder',
      entityId: folder.id,
      summary: `${allow ? 'Compartilhou' : 'Deixou de compartilhar'} a pasta "${folder.name}" com ${target.nome}`,
    });
  });
}
