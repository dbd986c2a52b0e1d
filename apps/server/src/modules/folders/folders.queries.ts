import {
  type Actor,
  isAdmin,
  PUBLIC_FOLDER_ID,
  privilegeThreshold,
  ROOT_FOLDER_ID,
} from '@intranet/contracts';
import { type Expression, type Insertable, type SqlBool, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { type IdSet, inIdSet } from '../../db/id-set.ts';
import type { FolderFilesTable } from '../../db/schema.ts';
import { containsText, newestMatches } from '../../platform/text-search.ts';

/** The caller as the visibility rule sees it: the SQL twin of folderVisibleTo's inputs. */
export interface Viewer {
  userId: number;
  admin: boolean;
  threshold: number;
}

export const viewerOf = (u: Actor): Viewer => ({
  userId: u.userId,
  admin: isAdmin(u),
  threshold: privilegeThreshold(u),
});

/**
 * The visibility rule of contracts' folderVisibleTo as one SQL condition on the folder row
 * aliased `alias`: system folders, administrators, the owner, the users it is shared with, and
 * (when not private) the roles its privilege opens it to.
 */
export function visibleFolder(v: Viewer, alias: string): Expression<SqlBool> {
  if (v.admin) return sql<SqlBool>`1 = 1`;
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  return sql<SqlBool>`(${col('id')} in (${ROOT_FOLDER_ID}, ${PUBLIC_FOLDER_ID})
    or ${col('user_id')} = ${v.userId}
    or (${col('is_private')} = 0 and ${col('privilegio')} >= ${v.threshold})
    or exists (select 1 from folder_shares fs where fs.folder_id = ${col('id')} and fs.user_id = ${v.userId}))`;
}

export interface ChainEntry {
  id: number;
  name: string;
  parent_id: number | null;
  user_id: number | null;
  depth: number;
  visible: number;
}

/** A folder and its ancestors, root first, each with whether the viewer sees it. */
export function folderChain(db: DbOrTx, folderId: number, v: Viewer): Promise<ChainEntry[]> {
  return db
    .withRecursive('chain(id, parent_id, depth)', (qb) =>
      qb
        .selectFrom('folders')
        .select(['folders.id', 'folders.parent_id', sql<number>`0`.as('depth')])
        .where('folders.id', '=', folderId)
        .unionAll(
          qb
            .selectFrom('folders as p')
            .innerJoin('chain', 'chain.parent_id', 'p.id')
            .select(['p.id', 'p.parent_id', sql<number>`chain.depth + 1`.as('depth')]),
        ),
    )
    .selectFrom('chain')
    .innerJoin('folders as f', 'f.id', 'chain.id')
    .select([
      'f.id',
      'f.name',
      'f.parent_id',
      'f.user_id',
      'chain.depth',
      sql<number>`case when ${visibleFolder(v, 'f')} then 1 else 0 end`.as('visible'),
    ])
    .orderBy('chain.depth', 'desc')
    .execute();
}

/** The ids of a folder and its ancestors, root first (no visibility: what folders.locks.ts locks). */
export async function wayTo(db: DbOrTx, folderId: number): Promise<number[]> {
  const rows = await db
    .withRecursive('way(id, parent_id, depth)', (qb) =>
      qb
        .selectFrom('folders')
        .select(['folders.id', 'folders.parent_id', sql<number>`0`.as('depth')])
        .where('folders.id', '=', folderId)
        .unionAll(
          qb
            .selectFrom('folders as p')
            .innerJoin('way', 'way.parent_id', 'p.id')
            .select(['p.id', 'p.parent_id', sql<number>`way.depth + 1`.as('depth')]),
        ),
    )
    .selectFrom('way')
    .select('way.id')
    .orderBy('way.depth', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

const folderColumns = [
  'f.id',
  'f.name',
  'f.user_id',
  'f.parent_id',
  'f.privilegio',
  'f.is_private',
  'f.created_at',
  'u.nome as createdByName',
] as const;

const fileColumns = [
  'fi.id',
  'fi.name',
  'fi.user_id',
  'fi.file_name',
  'fi.folder_id',
  'fi.tipo',
  'fi.size',
  'fi.mime',
  'fi.created_at',
  'u.nome as createdByName',
] as const;

/**
 * The visible subfolders of one folder, by name; `after` a name key for the next page (name keys
 * are unique in a folder: the (parent_id, name_key) index walks the pages).
 */
export function listChildFolders(db: DbOrTx, parentId: number, v: Viewer, limit: number, after?: string) {
  let q = db
    .selectFrom('folders as f')
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .select([...folderColumns, 'f.name_key'])
    .where('f.parent_id', '=', parentId)
    .where(visibleFolder(v, 'f'));
  if (after !== undefined) q = q.where('f.name_key', '>', after);
  return q.orderBy('f.name_key').limit(limit).execute();
}

/** The files of one folder (visible when the folder is reachable), by name; `after` as above. */
export function listFolderFiles(db: DbOrTx, folderId: number, limit: number, after?: string) {
  let q = db
    .selectFrom('folder_files as fi')
    .leftJoin('users as u', 'u.id', 'fi.user_id')
    .select([...fileColumns, 'fi.name_key'])
    .where('fi.folder_id', '=', folderId);
  if (after !== undefined) q = q.where('fi.name_key', '>', after);
  return q.orderBy('fi.name_key').limit(limit).execute();
}

export function listFilesByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('folder_files as fi')
    .leftJoin('users as u', 'u.id', 'fi.user_id')
    .select(fileColumns)
    .where('fi.id', 'in', ids)
    .orderBy('fi.name_key')
    .execute();
}

/**
 * The folders below `rootId` that the viewer reaches (through visible folders only), as a CTE
 * named `tree`; both databases run it.
 */
function withVisibleTree(db: DbOrTx, rootId: number, v: Viewer) {
  return db.withRecursive('tree(id)', (qb) =>
    qb
      .selectFrom('folders')
      .select('folders.id')
      .where('folders.id', '=', rootId)
      .unionAll(
        qb
          .selectFrom('folders as c')
          .innerJoin('tree', 'tree.id', 'c.parent_id')
          .select('c.id')
          .where(visibleFolder(v, 'c')),
      ),
  );
}

export type SearchKind = 'folder' | 'file';

/**
 * The ids of a kind's rows whose name contains `text` (accents and case ignored), newest first
 * (highest id), below `before` when given, at most `limit`, only those `within` the set of folders
 * (for a folder, itself; for a file, its folder) when given, and not the one `except`. Read in the
 * search index's own order (newestMatches), a page costs the matches it reads, not every match.
 */
export function nameMatches(
  db: DbOrTx,
  kind: SearchKind,
  text: string,
  range: { before?: number; limit: number; within?: IdSet; except?: number },
): Promise<{ id: number }[]> {
  const table = kind === 'folder' ? 'folders' : 'folder_files';
  // For a folder, the set holds the row itself; for a file, its folder.
  const within = range.within && inIdSet(db, kind === 'folder' ? 't.id' : 't.folder_id', range.within);
  let q = db
    .selectFrom(newestMatches(db, { table, column: 'name' }, text, within).as('m'))
    .select('m.id')
    .orderBy('m.id', 'desc')
    .limit(range.limit);
  if (range.except !== undefined) q = q.where('m.id', '<>', range.except);
  if (range.before !== undefined) q = q.where('m.id', '<', range.before);
  return q.execute();
}

/** Some folders' rows, in no order. */
export function listFoldersByIds(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('folders as f')
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .select(folderColumns)
    .where('f.id', 'in', ids)
    .execute();
}

/** Every folder of a subtree (the folder included), whatever the viewer sees. */
function withWholeTree(db: DbOrTx, rootId: number) {
  return db.withRecursive('tree(id)', (qb) =>
    qb
      .selectFrom('folders')
      .select('folders.id')
      .where('folders.id', '=', rootId)
      .unionAll(qb.selectFrom('folders as c').innerJoin('tree', 'tree.id', 'c.parent_id').select('c.id')),
  );
}

/** What a subtree holds that the viewer reaches (through visible folders only): a hidden folder counts for nothing. */
export async function subtreeSummary(db: DbOrTx, rootId: number, v: Viewer) {
  const folders = await withVisibleTree(db, rootId, v)
    .selectFrom('tree')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const files = await withVisibleTree(db, rootId, v)
    .selectFrom('folder_files')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('size'), sql<number>`0`).as('bytes'),
    ])
    .where('folder_id', 'in', (eb) => eb.selectFrom('tree').select('tree.id'))
    .executeTakeFirstOrThrow();
  return { folders: Number(folders.n) - 1, files: Number(files.n), bytes: Number(files.bytes) };
}

/**
 * Whether a subtree holds folders the viewer does not reach (a hidden folder, or anything below
 * one): the whole tree is larger than the part reached through visible folders.
 */
export async function treeHasHiddenFolders(db: DbOrTx, rootId: number, v: Viewer): Promise<boolean> {
  if (v.admin) return false;
  const whole = await withWholeTree(db, rootId)
    .selectFrom('tree')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const reached = await withVisibleTree(db, rootId, v)
    .selectFrom('tree')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(whole.n) > Number(reached.n);
}

/** Deletes a folder tree's rows and answers the storage names of its files (to remove after commit). */
export async function deleteTree(tx: DbOrTx, rootId: number): Promise<string[]> {
  const files = await withWholeTree(tx, rootId)
    .selectFrom('folder_files')
    .select('file_name')
    .where('folder_id', 'in', (eb) => eb.selectFrom('tree').select('tree.id'))
    .execute();
  await withWholeTree(tx, rootId)
    .deleteFrom('folder_files')
    .where('folder_id', 'in', (eb) => eb.selectFrom('tree').select('tree.id'))
    .execute();
  await withWholeTree(tx, rootId)
    .deleteFrom('folder_shares')
    .where('folder_id', 'in', (eb) => eb.selectFrom('tree').select('tree.id'))
    .execute();
  await withWholeTree(tx, rootId)
    .deleteFrom('folders')
    .where('id', 'in', (eb) => eb.selectFrom('tree').select('tree.id'))
    .execute();
  return files.map((f) => f.file_name);
}

export function findFolder(db: DbOrTx, id: number) {
  return db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findFile(db: DbOrTx, id: number) {
  return db.selectFrom('folder_files').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findFileByStoredName(db: DbOrTx, fileName: string) {
  return db.selectFrom('folder_files').selectAll().where('file_name', '=', fileName).executeTakeFirst();
}

/** The name keys already used by folders (or files) in `parentId` that start like `prefix`. */
export async function namesLike(db: DbOrTx, kind: 'folder' | 'file', parentId: number, keyPrefix: string) {
  const pattern = `${keyPrefix.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const rows =
    kind === 'folder'
      ? await db
          .selectFrom('folders')
          .select('name_key')
          .where('parent_id', '=', parentId)
          .where(sql<SqlBool>`name_key like ${pattern} escape '\\'`)
          .execute()
      : await db
          .selectFrom('folder_files')
          .select('name_key')
          .where('folder_id', '=', parentId)
          .where(sql<SqlBool>`name_key like ${pattern} escape '\\'`)
          .execute();
  return new Set(rows.map((r) => r.name_key));
}

export async function insertFolder(
  tx: DbOrTx,
  row: {
    name: string;
    name_key: string;
    parent_id: number;
    user_id: number;
    privilegio: number;
    is_private: number;
  },
) {
  const inserted = await tx
    .insertInto('folders')
    .values({ ...row, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** A stored file's row as inserted (seeds and tests build them too). */
export type NewFolderFile = Insertable<FolderFilesTable>;

export function insertFiles(tx: DbOrTx, rows: NewFolderFile[]) {
  return tx.insertInto('folder_files').values(rows).returning('id').execute();
}

export function renameFolderRow(tx: DbOrTx, id: number, name: string, key: string) {
  return tx.updateTable('folders').set({ name, name_key: key }).where('id', '=', id).execute();
}

export function renameFileRow(tx: DbOrTx, id: number, name: string, key: string) {
  return tx.updateTable('folder_files').set({ name, name_key: key }).where('id', '=', id).execute();
}

export function deleteFileRow(tx: DbOrTx, id: number) {
  return tx.deleteFrom('folder_files').where('id', '=', id).execute();
}

export function setFolderAccess(tx: DbOrTx, id: number, privilegio: number, isPrivate: number | undefined) {
  return tx
    .updateTable('folders')
    .set(isPrivate === undefined ? { privilegio } : { privilegio, is_private: isPrivate })
    .where('id', '=', id)
    .execute();
}

/**
 * Active users to share with, the ones already shared first; searched by matrícula (digits) or
 * name (accents and case ignored).
 */
export function shareCandidates(
  db: DbOrTx,
  folderId: number,
  excludeIds: number[],
  search: string | undefined,
) {
  let q = db
    .selectFrom('users as u')
    .leftJoin('folder_shares as s', (j) => j.onRef('s.user_id', '=', 'u.id').on('s.folder_id', '=', folderId))
    .select([
      'u.id',
      'u.nome',
      'u.matricula',
      sql<number>`case when s.user_id is null then 0 else 1 end`.as('allow_user'),
    ])
    .where('u.active', '=', 1);
  if (excludeIds.length) q = q.where('u.id', 'not in', excludeIds);
  const text = search?.trim();
  if (text && /^\d+$/.test(text)) q = q.where('u.matricula', 'like', `%${text}%`);
  else if (text) q = q.where(containsText(db, { table: 'users', column: 'nome', as: 'u' }, text));
  return q.orderBy('allow_user', 'desc').orderBy('u.nome').limit(100).execute();
}

export function findActiveUser(db: DbOrTx, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'nome'])
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
}

export async function hasShare(db: DbOrTx, folderId: number, userId: number): Promise<boolean> {
  const existing = await db
    .selectFrom('folder_shares')
    .select('user_id')
    .where('folder_id', '=', folderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return existing !== undefined;
}

export async function addShare(tx: DbOrTx, folderId: number, userId: number, by: number) {
  if (await hasShare(tx, folderId, userId)) return false;
  await tx
    .insertInto('folder_shares')
    .values({ folder_id: folderId, user_id: userId, created_by: by, created_at: new Date().toISOString() })
    .execute();
  return true;
}

export async function removeShare(tx: DbOrTx, folderId: number, userId: number) {
  const res = await tx
    .deleteFrom('folder_shares')
    .where('folder_id', '=', folderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
