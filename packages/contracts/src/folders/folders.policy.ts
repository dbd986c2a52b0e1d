import { LIMITS } from '../limits.ts';
import { type Actor, isAdmin, isGestorOrAbove, isSupport } from '../roles.ts';

/**
 * Folder access privilege (spec §3): who besides the owner, administrators and the users it is
 * shared with may see a folder. 1 none, 2 managers, 3 managers and collaborators.
 */
export const FOLDER_PRIVILEGE = { none: 1, managers: 2, everyone: 3 } as const;
export type FolderPrivilege = (typeof FOLDER_PRIVILEGE)[keyof typeof FOLDER_PRIVILEGE];

export const ROOT_FOLDER_ID = LIMITS.rootFolderId;
export const PUBLIC_FOLDER_ID = LIMITS.publicFolderId;
export const isSystemFolder = (id: number) => id === ROOT_FOLDER_ID || id === PUBLIC_FOLDER_ID;

/** What the visibility rule needs to know about one folder and the caller's relation to it. */
export interface FolderFacts {
  id: number;
  ownerId: number | null;
  privilegio: number;
  /** A private folder ignores the role privilege: owner, administrators and shares only. */
  isPrivate: number;
  sharedWithActor: boolean;
}

/**
 * The lowest folder privilege a role sees through: a Gestor (or Administrador role) sees folders
 * opened to managers (2) and up, a Colaborador only those opened to collaborators (3).
 */
export const privilegeThreshold = (u: Actor): number => Math.max(FOLDER_PRIVILEGE.managers, u.privilegio);

/**
 * THE visibility rule. The server writes the same rule as SQL (folders.queries.ts#visibleFolder)
 * and the integration tests check both against one matrix. A folder is reachable when it and
 * every ancestor are visible; a file is visible when its folder is reachable.
 */
export function folderVisibleTo(u: Actor, f: FolderFacts): boolean {
  if (isSystemFolder(f.id) || isAdmin(u)) return true;
  if (f.ownerId === u.userId || f.sharedWithActor) return true;
  return f.isPrivate === 0 && f.privilegio >= privilegeThreshold(u);
}

/**
 * A folder is reachable when it and every ancestor are visible (`chain`: root first, the folder
 * last); a file is visible when its folder is reachable. SQL: folders.service.ts#reachFolder and
 * the search's recursive CTE.
 */
export const folderReachable = (u: Actor, chain: readonly FolderFacts[]): boolean =>
  chain.length > 0 && chain.every((f) => folderVisibleTo(u, f));

/** The item menu of spec §6, decided per item; the web shows only what is true here. */
export interface FolderItemAbilities {
  /** The options button itself: owner or role below 3. */
  options: boolean;
  open: boolean;
  rename: boolean;
  permission: boolean;
  delete: boolean;
  download: boolean;
}

export interface FolderItemFacts {
  kind: 'folder' | 'file';
  id: number;
  ownerId: number | null;
  /** The folder holding the item. */
  parentId: number | null;
}

export function folderItemAbilities(u: Actor, item: FolderItemFacts): FolderItemAbilities {
  const system = item.kind === 'folder' && isSystemFolder(item.id);
  const options = !system && (item.ownerId === u.userId || isGestorOrAbove(u) || isAdmin(u));
  const roleBelow3 = isGestorOrAbove(u) || isAdmin(u);
  return {
    options,
    open: roleBelow3 || isSupport(u),
    rename: options,
    // Hidden inside Pasta Pública (spec §6); files inherit their folder's visibility.
    permission: options && item.kind === 'folder' && item.parentId !== PUBLIC_FOLDER_ID,
    delete: options && roleBelow3,
    download: item.kind === 'file' && roleBelow3,
  };
}

/** Creating a subfolder: any folder the user reaches, except that Pasta Pública takes them from managers only. */
export function canCreateFolderIn(u: Actor, folderId: number): boolean {
  if (folderId === PUBLIC_FOLDER_ID) return isGestorOrAbove(u) || isAdmin(u);
  return true;
}

/** Uploads go inside a folder: never at the root, never into Pasta Pública (spec §2). */
export function canUploadInto(folderId: number): boolean {
  return !isSystemFolder(folderId);
}

/** Folders created directly in Pasta Pública are opened to everyone, as permissions cannot be set there. */
export function initialPrivilege(parentFolderId: number): FolderPrivilege {
  return parentFolderId === PUBLIC_FOLDER_ID ? FOLDER_PRIVILEGE.everyone : FOLDER_PRIVILEGE.none;
}

/** The two checkboxes of the permission dialog and the stored privilege (collaborators imply managers). */
export function privilegeFromChecks(gestores: boolean, colaboradores: boolean): FolderPrivilege {
  if (colaboradores) return FOLDER_PRIVILEGE.everyone;
  return gestores ? FOLDER_PRIVILEGE.managers : FOLDER_PRIVILEGE.none;
}

export function checksFromPrivilege(privilegio: number): { gestores: boolean; colaboradores: boolean } {
  return {
    gestores: privilegio >= FOLDER_PRIVILEGE.managers,
    colaboradores: privilegio >= FOLDER_PRIVILEGE.everyone,
  };
}
