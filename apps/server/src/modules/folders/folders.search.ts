import type { Actor } from '@intranet/contracts';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { decodeCursor, encodeCursor } from './folders.cursor.ts';
import * as q from './folders.queries.ts';
import { type FolderTree, locationsBelow, type Reached, reachableFrom } from './folders.tree.ts';

/**
 * The search below a folder (spec §6's text search; issue 14): folders first, then files, each
 * newest first, only what the caller reaches. Which folders he reaches comes from the tree kept in
 * memory (folders.tree.ts), and goes to the names' statement as one parameter; the page's rows
 * are then read by id.
 */

/** Where a search page goes on: in the matching folders ('sd') or files ('sf'), below an id (0: from the newest). */
const searchCursor = z.tuple([z.enum(['sd', 'sf']), z.number().int().nonnegative()]);

/** What one search looks in: the folders reached, and the one searched (not an answer itself). */
interface Scope {
  reached: Reached;
  rootId: number;
}

/**
 * The newest `limit` names of a kind below the id `before` that contain `text`, in the folders
 * reached: one statement that reads the search index in id order (folders.queries.ts#nameMatches),
 * with the reached folders as one parameter (none when the caller reaches every folder). Name
 * order was given up for this (decision 0023): a common word ("relatório", in one
 * file name of six) made every page fetch and sort all its matches, 16,000 on the bench's share.
 */
function matches(db: Db, kind: q.SearchKind, text: string, scope: Scope, limit: number, before?: number) {
  return q.nameMatches(db, kind, text, {
    before,
    limit,
    within: scope.reached.everything ? undefined : scope.reached.list,
    except: kind === 'folder' ? scope.rootId : undefined,
  });
}

/** Rows read by id, in the order of `ids`. */
function inOrderOf<T extends { id: number }>(rows: T[], ids: readonly number[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type FolderRow = Awaited<ReturnType<typeof q.listFoldersByIds>>[number];
export type FileRow = Awaited<ReturnType<typeof q.listFilesByIds>>[number];

export interface SearchAnswer {
  folders: FolderRow[];
  files: FileRow[];
  /** The unpaged answer stopped at its limit. */
  truncated: boolean;
  nextCursor?: string;
  /** Where an item of the answer sits below the searched folder. */
  location: (parentId: number | null) => string;
}

/**
 * The matches below `rootId`, which the caller has reached: one page (`paging`), or the first
 * `limit` of each kind (the unpaged answer, `truncated` when there were more).
 */
export async function searchBelow(
  db: Db,
  tree: FolderTree,
  u: Actor,
  rootId: number,
  text: string,
  paging: { pageSize: number; cursor?: string } | { limit: number },
): Promise<SearchAnswer> {
  const scope = { reached: reachableFrom(tree, u, rootId), rootId };
  const found =
    'limit' in paging
      ? await firstMatches(db, text, scope, paging.limit)
      : await matchesPage(db, text, scope, paging.pageSize, paging.cursor);
  const folderIds = found.folders.map((m) => m.id);
  const fileIds = found.files.map((m) => m.id);
  const [folders, files] = await Promise.all([
    q.listFoldersByIds(db, folderIds),
    q.listFilesByIds(db, fileIds),
  ]);
  return {
    folders: inOrderOf(folders, folderIds),
    files: inOrderOf(files, fileIds),
    truncated: found.truncated,
    ...(found.nextCursor ? { nextCursor: found.nextCursor } : {}),
    location: locationsBelow(tree, rootId),
  };
}

async function firstMatches(db: Db, text: string, scope: Scope, limit: number) {
  // Both at once: two connections of PostgreSQL's pool (bench:busca, PostgreSQL rows).
  const [folders, files] = await Promise.all([
    matches(db, 'folder', text, scope, limit + 1),
    matches(db, 'file', text, scope, limit + 1),
  ]);
  return {
    folders: folders.slice(0, limit),
    files: files.slice(0, limit),
    truncated: folders.length > limit || files.length > limit,
    nextCursor: undefined,
  };
}

async function matchesPage(db: Db, text: string, scope: Scope, pageSize: number, cursor: string | undefined) {
  const [phase, below] = cursor ? decodeCursor(searchCursor, cursor) : ['sd' as const, 0];
  const before = below > 0 ? below : undefined;
  const folders = phase === 'sd' ? await matches(db, 'folder', text, scope, pageSize + 1, before) : [];
  if (folders.length > pageSize) {
    const shown = folders.slice(0, pageSize);
    return { folders: shown, files: [], truncated: false, nextCursor: nextPage('sd', shown) };
  }
  const room = pageSize - folders.length;
  const files = await matches(db, 'file', text, scope, room + 1, phase === 'sf' ? before : undefined);
  if (files.length <= room) return { folders, files, truncated: false, nextCursor: undefined };
  // The page filled up with folders exactly: the files start on the next one, below any id.
  const shown = files.slice(0, room);
  return { folders, files: shown, truncated: false, nextCursor: nextPage('sf', shown) };
}

/** The cursor of the page after `shown`: below its last id, or from the newest of the phase. */
const nextPage = (phase: 'sd' | 'sf', shown: { id: number }[]) =>
  encodeCursor([phase, shown.at(-1)?.id ?? 0]);
