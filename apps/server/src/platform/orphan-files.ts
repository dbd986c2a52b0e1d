import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Storage } from '../storage/storage.ts';
import { fileUrlPath } from './files.routes.ts';

/**
 * Stored files without their row (decision 0128). A file goes under its key before the row that
 * points to it commits (platform/image-upload.ts, operations.service.ts): a server killed between
 * the two leaves the file alone, and a write killed before its commit leaves a temporary file.
 * The sweep removes both once they are older than the grace period, so a write still in flight
 * (its file stored, its transaction not yet committed) is never touched.
 */

export const ORPHAN_GRACE_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;
const BATCH = 500;

/** Of `keys` (all under one prefix), those a row points to. */
type Holders = (db: Db, keys: string[]) => Promise<string[]>;

const byColumn =
  (table: 'call_attachments' | 'purchase_files' | 'hr_request_attachments'): Holders =>
  async (db, keys) =>
    (await db.selectFrom(table).select('storage_key').where('storage_key', 'in', keys).execute()).map(
      (r) => r.storage_key,
    );

/** Rows holding a bare file name under the prefix (`folders/<name>` is the row's `<name>`). */
const byFileName =
  (table: 'folder_files' | 'operation_attachments', prefix: string): Holders =>
  async (db, keys) => {
    const names = keys.map((k) => k.slice(prefix.length + 1));
    const rows = await db.selectFrom(table).select('file_name').where('file_name', 'in', names).execute();
    return rows.map((r) => `${prefix}/${r.file_name}`);
  };

/** Rows holding the public path (`files/<key>`) of a staff file. */
const byPath =
  (table: 'users' | 'notices' | 'banners' | 'apps', column: 'foto' | 'img' | 'path' | 'image'): Holders =>
  async (db, keys) => {
    const rows = await db
      .selectFrom(table)
      .select(sql<string | null>`${sql.ref(column)}`.as('p'))
      .where(sql.ref(column), 'in', keys.map(fileUrlPath))
      .execute();
    return rows.flatMap((r) => (r.p ? [r.p.slice('files/'.length)] : []));
  };

/**
 * Every prefix of files a person uploads, with the rows that point to them. Prefixes left out
 * (`variants/`, copies made from a stored photo; the imports' files, which their jobs own) are
 * never swept here.
 */
const HOLDERS: Record<string, Holders> = {
  calls: byColumn('call_attachments'),
  purchases: byColumn('purchase_files'),
  hr: byColumn('hr_request_attachments'),
  folders: byFileName('folder_files', 'folders'),
  operation: byFileName('operation_attachments', 'operation'),
  profile: byPath('users', 'foto'),
  notices: byPath('notices', 'img'),
  banners: byPath('banners', 'path'),
  apps: byPath('apps', 'image'),
};

export interface OrphanSweep {
  /** Stored files no row points to, removed. */
  files: number;
  /** Temporary files (and unfinished S3 writes) removed. */
  temporary: number;
}

/** One sweep: files older than `graceMs` before `now` that no row holds, and stale temporary files. */
export async function sweepOrphanFiles(
  db: Db,
  storage: Storage,
  { now = new Date(), graceMs = ORPHAN_GRACE_MS }: { now?: Date; graceMs?: number } = {},
): Promise<OrphanSweep> {
  const before = new Date(now.getTime() - graceMs);
  let files = 0;
  for (const [prefix, holders] of Object.entries(HOLDERS)) {
    let batch: string[] = [];
    const settle = async () => {
      const held = new Set(await holders(db, batch));
      for (const key of batch.filter((k) => !held.has(k))) {
        await storage.delete(key);
        files++;
      }
      batch = [];
    };
    for await (const { key, modifiedAt } of storage.list(`${prefix}/`)) {
      if (modifiedAt >= before) continue;
      batch.push(key);
      if (batch.length === BATCH) await settle();
    }
    if (batch.length) await settle();
  }
  return { files, temporary: await storage.sweepTemporary(before) };
}

/**
 * Sweeps at once and then every hour until the answer is called. Each server's main process runs
 * it: two sweeps at once only delete the same files twice, which both drivers take as done.
 */
export function scheduleOrphanSweep(
  run: () => Promise<OrphanSweep>,
  onDone: (result: OrphanSweep) => void,
  onError: (err: unknown) => void,
  everyMs = SWEEP_EVERY_MS,
): () => void {
  const once = () => run().then(onDone, onError);
  void once();
  const timer = setInterval(once, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
