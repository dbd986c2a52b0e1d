import { isSystemFolder } from '@intranet/contracts';
import type { Tx } from '../../db/database.ts';
import { isPostgres, lockRows } from '../../db/dialect.ts';
import * as q from './folders.queries.ts';

/**
 * Issue 31: what a folder change checks is read after these locks, in its own transaction.
 *
 * Whether a user reaches a folder hangs on every folder above it (privilege, privacy, shares), and
 * a delete on everything below. So a change locks the way from the root to the folder it acts on,
 * root first: the folders above FOR SHARE, and the folder itself FOR SHARE when it only adds
 * inside it (an upload, a subfolder) or FOR UPDATE when it changes the folder (its name, access,
 * shares, or its deletion with all below it). A change of a folder's access or its deletion thus
 * waits for everything under way inside it, and everything inside it waits for that change; two
 * uploads into one folder still run side by side. Every change locks along the same root-first
 * order (and nothing locks a folder after writing), so two of them never wait on each other.
 *
 * The way is read before it is locked: a folder's parent never changes (there is no move), and a
 * folder of the way deleted meanwhile is not there when the change reads it again under the locks.
 * The system folders (root, Pasta Pública) are never changed: they are not locked.
 * SQLite runs one transaction at a time: nothing to lock there.
 */
export async function lockWay(tx: Tx, folderId: number, own: 'share' | 'update'): Promise<void> {
  if (!isPostgres(tx)) return;
  const way = (await q.wayTo(tx, folderId)).filter((id) => !isSystemFolder(id));
  if (way.at(-1) !== folderId) return;
  await lockRows(tx, 'folders', way.slice(0, -1), 'share');
  await lockRows(tx, 'folders', [folderId], own);
}
