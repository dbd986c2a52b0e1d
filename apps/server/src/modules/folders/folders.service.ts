import {
  type Actor,
  canCreateFolderIn,
  canUploadInto,
  type checkFolderExistenceBody,
  type createFolderBody,
  type dropItemBody,
  type FileItem,
  FOLDER_MSG,
  type FolderItem,
  folderItemAbilities,
  folderNameKey,
  type foldersCalls,
  type GetItemsReply,
  type getItemsQuery,
  initialPrivilege,
  isBlockedUpload,
  isSystemFolder,
  MSG,
  normalizeItemName,
  numberedItemName,
  PUBLIC_FOLDER_ID,
  ROOT_FOLDER_ID,
  renamedFileName,
  type renameItemBody,
} from '@intranet/contracts';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/database.ts';
import { lockRows } from '../../db/dialect.ts';
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
import type { FormReader } from '../../platform/multipart-form.ts';
import type { Storage } from '../../storage/storage.ts';
import { decodeCursor, encodeCursor } from './folders.cursor.ts';
import { lockWay } from './folders.locks.ts';
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
  input: z.output<typeof getItemsQuery>,
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

export async function checkExistence(db: Db, u: Actor, input: z.output<typeof checkFolderExistenceBody>) {
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

/** reachFolder inside a change's transaction, read after the locks of its way (folders.locks.ts). */
export async function reachLocked(tx: Tx, u: Actor, folderId: number, own: 'share' | 'update') {
  await lockWay(tx, folderId, own);
  return reachFolder(tx, u, folderId);
}

/** reachFile inside a change's transaction, read after the locks of its folder's way and its own. */
async function reachFileLocked(tx: Tx, u: Actor, fileId: number) {
  const seen = await q.findFile(tx, fileId);
  if (!seen) throw notFound(FOLDER_MSG.fileNotFound);
  await lockWay(tx, seen.folder_id, 'share');
  await lockRows(tx, 'folder_files', [fileId], 'update');
  return reachFile(tx, u, fileId);
}

/** A name free in a folder (its own, when renaming `self` to it), or 409. */
async function assertFreeName(tx: Tx, kind: 'folder' | 'file', parentId: number, key: string, self?: string) {
  const taken = await q.namesLike(tx, kind, parentId, key);
  if (taken.has(key) && self !== key) throw conflict(FOLDER_MSG.nameTaken);
}

export async function createFolder(
  db: Db,
  u: Actor,
  input: z.output<typeof createFolderBody>,
): Promise<number> {
  const key = folderNameKey(input.folderName);
  return uniqueNames(() =>
    auditedChange(db, u.userId, async (tx, record) => {
      await reachLocked(tx, u, input.parentFolderId, 'share');
      authorize(canCreateFolderIn(u, input.parentFolderId));
      await assertFreeName(tx, 'folder', input.parentFolderId, key);
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

export async function renameFolder(db: Db, u: Actor, input: z.output<typeof renameItemBody>) {
  if (isSystemFolder(input.itemId)) throw forbidden(FOLDER_MSG.systemFolder);
  const key = folderNameKey(input.itemName);
  await uniqueNames(() =>
    auditedChange(db, u.userId, async (tx, record) => {
      const { folder } = await reachLocked(tx, u, input.itemId, 'update');
      const abilities = folderItemAbilities(u, {
        kind: 'folder',
        id: folder.id,
        ownerId: folder.user_id,
        parentId: folder.parent_id,
      });
      authorize(abilities.rename);
      const current = await q.findFolder(tx, folder.id);
      await assertFreeName(tx, 'folder', folder.parent_id!, key, current?.name_key);
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

export async function renameFile(db: Db, u: Actor, typed: z.output<typeof renameItemBody>) {
  await uniqueNames(() =>
    auditedChange(db, u.userId, async (tx, record) => {
      const file = await reachFileLocked(tx, u, typed.itemId);
      // A name typed without an extension keeps the file's one (issue 15): aviso.png stays a .png.
      const name = renamedFileName(file.name, typed.itemName);
      const abilities = folderItemAbilities(u, {
        kind: 'file',
        id: file.id,
        ownerId: file.user_id,
        parentId: file.folder_id,
      });
      authorize(abilities.rename);
      // The upload rule again: a text file renamed to .vbs would run when opened.
      if (isBlockedUpload(name, file.mime)) throw unsupportedMedia(FOLDER_MSG.uploadDangerous);
      const key = folderNameKey(name);
      await assertFreeName(tx, 'file', file.folder_id, key, file.name_key);
      await q.renameFileRow(tx, file.id, name, key);
      record({
        action: 'file.rename',
        entity: 'folder_file',
        entityId: file.id,
        summary: `Renomeou o arquivo "${file.name}" para "${name}"`,
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
export async function dropItem(db: Db, storage: Storage, u: Actor, input: z.output<typeof dropItemBody>) {
  if (input.tipo === 'folder' && isSystemFolder(input.id)) throw forbidden(FOLDER_MSG.systemFolder);
  const storedNames = await auditedChange(db, u.userId, async (tx, record) => {
    if (input.tipo !== 'folder') {
      const file = await reachFileLocked(tx, u, input.id);
      const item = { kind: 'file' as const, id: file.id, ownerId: file.user_id, parentId: file.folder_id };
      authorize(folderItemAbilities(u, item).delete);
      await q.deleteFileRow(tx, file.id);
      record({
        action: 'file.delete',
        entity: 'folder_file',
        entityId: file.id,
        summary: `Excluiu o arquivo "${file.name}"`,
      });
      return [file.file_name];
    }
    const { folder } = await reachLocked(tx, u, input.id, 'update');
    authorize(
      folderItemAbilities(u, {
        kind: 'folder',
        id: folder.id,
        ownerId: folder.user_id,
        parentId: folder.parent_id,
      }).delete,
    );
    // Nobody deletes what he cannot see (decision 0049).
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

/** Stores the files sent into a folder; a refused or failed upload leaves no byte behind. */
export async function saveUpload(
  db: Db,
  storage: Storage,
  u: Actor,
  read: FormReader<typeof foldersCalls.upload.multipart>,
): Promise<FileItem[]> {
  const { fields, form } = await read({
    refuse: (f) => (isBlockedUpload(f.originalName, f.mime) ? FOLDER_MSG.uploadDangerous : undefined),
    // Send selectedFolderId before the files: a refused target then costs no upload.
    beforeFile: async (early) => {
      if (early) await assertUploadTarget(db, u, early.selectedFolderId);
    },
  });
  const folderId = fields.selectedFolderId;
  const ids = await commitWithFiles(form, storage, async () => {
    await assertUploadTarget(db, u, folderId);
    if (form.files.length === 0) throw badRequest(MSG.fileMissing);
    const now = new Date().toISOString();
    const result = await uniqueNames(() =>
      auditedChange(db, u.userId, async (tx, record) => {
        // Checked again under the locks: the folder may have closed to him, or gone, meanwhile.
        await lockWay(tx, folderId, 'share');
        await assertUploadTarget(tx, u, folderId);
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
