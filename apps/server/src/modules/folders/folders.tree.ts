import { type Actor, folderVisibleTo, isAdmin, privilegeThreshold } from '@intranet/contracts';
import type { Db } from '../../db/database.ts';
import { type IdSet, idSet } from '../../db/id-set.ts';

/**
 * The folder tree in memory, for the search (issue 14): which folders a caller reaches below the
 * searched one, and where each result sits. A recursive query per request cost 10–15 ms for a
 * Colaborador on a share of 10,000 folders (the visibility rule with its shares for every folder),
 * twice per page; the whole tree is read once per change instead. `folder_tree_version`, kept by
 * triggers (migration 0025), says when the copy is stale: each request reads that one row.
 * Visibility is contracts' folderVisibleTo itself, not a SQL twin.
 */

export interface TreeFolder {
  id: number;
  parentId: number | null;
  name: string;
  ownerId: number | null;
  privilegio: number;
  isPrivate: number;
}

export interface FolderTree {
  version: number;
  folders: ReadonlyMap<number, TreeFolder>;
  children: ReadonlyMap<number, readonly number[]>;
  /** Folder id → the users it is shared with. */
  sharedWith: ReadonlyMap<number, ReadonlySet<number>>;
  /** reachableFrom's answers for this version, the most recently used last. */
  reached: Map<string, Reached>;
}

/** The folders a caller reaches below one: as a set, and as the parameter a query tests rows with. */
export interface Reached {
  ids: ReadonlySet<number>;
  list: IdSet;
  /** Every folder of the tree: a query needs no test at all. */
  everything: boolean;
}

/** How many callers' reachable sets a tree keeps (each at most one number per folder). */
const REACHED_KEPT = 32;

/** Per database handle (the tests build many): the current copy, and the load under way. */
const trees = new WeakMap<Db, FolderTree>();
const loads = new WeakMap<Db, { version: number; tree: Promise<FolderTree> }>();

async function load(db: Db, version: number): Promise<FolderTree> {
  const [rows, shares] = await Promise.all([
    db
      .selectFrom('folders')
      .select(['id', 'parent_id', 'name', 'user_id', 'privilegio', 'is_private'])
      .execute(),
    db.selectFrom('folder_shares').select(['folder_id', 'user_id']).execute(),
  ]);
  const folders = new Map<number, TreeFolder>();
  const children = new Map<number, number[]>();
  for (const r of rows) {
    folders.set(r.id, {
      id: r.id,
      parentId: r.parent_id,
      name: r.name,
      ownerId: r.user_id,
      privilegio: r.privilegio,
      isPrivate: r.is_private,
    });
    if (r.parent_id === null) continue;
    const siblings = children.get(r.parent_id);
    if (siblings) siblings.push(r.id);
    else children.set(r.parent_id, [r.id]);
  }
  const sharedWith = new Map<number, Set<number>>();
  for (const s of shares) {
    const users = sharedWith.get(s.folder_id);
    if (users) users.add(s.user_id);
    else sharedWith.set(s.folder_id, new Set([s.user_id]));
  }
  return { version, folders, children, sharedWith, reached: new Map() };
}

/**
 * The tree as of this request. The version is read before the folders, so a copy is never older
 * than its version; concurrent requests after a change share one load.
 */
export async function folderTree(db: Db): Promise<FolderTree> {
  const { n } = await db
    .selectFrom('folder_tree_version')
    .select('n')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const version = Number(n);
  const known = trees.get(db);
  if (known && known.version >= version) return known;
  let pending = loads.get(db);
  if (!pending || pending.version < version) {
    const tree = load(db, version).then((loaded) => {
      const current = trees.get(db);
      if (!current || current.version < loaded.version) trees.set(db, loaded);
      return loaded;
    });
    pending = { version, tree };
    loads.set(db, pending);
    const done = () => loads.get(db) === pending && loads.delete(db);
    tree.then(done, done);
  }
  return pending.tree;
}

/** Whether `u` sees folder `f` of the tree (contracts' rule, with the tree's shares). */
const visibleIn = (tree: FolderTree, u: Actor, f: TreeFolder) =>
  folderVisibleTo(u, {
    id: f.id,
    ownerId: f.ownerId,
    privilegio: f.privilegio,
    isPrivate: f.isPrivate,
    sharedWithActor: tree.sharedWith.get(f.id)?.has(u.userId) ?? false,
  });

/**
 * The way from the root to `folderId`, root first, if `u` reaches it (it and every ancestor
 * visible to him): what folders.service.ts#reachFolder answers with a recursive query, for the
 * listing and the search, which read the tree anyway (one statement less on each of their pages).
 */
export function trailTo(tree: FolderTree, u: Actor, folderId: number): TreeFolder[] | undefined {
  const trail: TreeFolder[] = [];
  for (let id: number | null = folderId; id !== null; ) {
    const f = tree.folders.get(id);
    // A folder twice on the way would be a cycle, which the tree never holds: not reached either.
    if (!f || !visibleIn(tree, u, f) || trail.includes(f)) return undefined;
    trail.push(f);
    id = f.parentId;
  }
  return trail.reverse();
}

/**
 * The folders at and below `rootId` that `u` reaches: each visible to him, through visible folders
 * only (contracts' folderReachable, walked down from the root, which the caller already reached).
 */
export function reachableFrom(tree: FolderTree, u: Actor, rootId: number): Reached {
  const key = `${u.userId}:${isAdmin(u) ? 1 : 0}:${privilegeThreshold(u)}:${rootId}`;
  const known = tree.reached.get(key);
  if (known) {
    tree.reached.delete(key);
    tree.reached.set(key, known);
    return known;
  }
  const reached = new Set<number>([rootId]);
  const pending = [rootId];
  for (let at = pending.pop(); at !== undefined; at = pending.pop()) {
    for (const id of tree.children.get(at) ?? []) {
      const f = tree.folders.get(id);
      if (!f || reached.has(id) || !visibleIn(tree, u, f)) continue;
      reached.add(id);
      pending.push(id);
    }
  }
  const answer = { ids: reached, list: idSet(reached), everything: reached.size === tree.folders.size };
  tree.reached.set(key, answer);
  if (tree.reached.size > REACHED_KEPT) {
    const oldest = tree.reached.keys().next().value;
    if (oldest !== undefined) tree.reached.delete(oldest);
  }
  return answer;
}

const LOCATION_SEPARATOR = ' › ';

/**
 * Where search results sit below the searched folder (issue 15): for a result's parent, the names
 * of the folders on the way down from `searched` to it, "" for an item of the searched folder
 * itself. Each folder's path is built once, from its parent's: a page's results share most of theirs.
 */
export function locationsBelow(tree: FolderTree, searched: number): (parentId: number | null) => string {
  const known = new Map<number, string>([[searched, '']]);
  const location = (at: number | null): string => {
    if (at === null) return '';
    let path = known.get(at);
    if (path === undefined) {
      const f = tree.folders.get(at);
      const above = f ? location(f.parentId) : '';
      path = f ? (above ? `${above}${LOCATION_SEPARATOR}${f.name}` : f.name) : '';
      known.set(at, path);
    }
    return path;
  };
  return location;
}
