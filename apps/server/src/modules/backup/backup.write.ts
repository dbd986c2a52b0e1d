import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { Config } from '../../config.ts';
import { createConfiguredStorage } from '../../storage/configured-storage.ts';
import type { Storage } from '../../storage/storage.ts';
import { type Digest, hashedCopy } from './backup.hash.ts';
import {
  ARCHIVE_FORMAT,
  fileEntry,
  MANIFEST_NAME,
  type Manifest,
  type ManifestEntry,
  productVersion,
  SQLITE_ENTRY,
  tableEntry,
} from './backup.manifest.ts';
import { dumpPostgres } from './backup.postgres.ts';
import { snapshotSqlite } from './backup.sqlite.ts';

/** Where the server keeps things (config.ts), and where backups go. */
export interface BackupPlace {
  dataDir: string;
  /** STORAGE and its settings: the stored files are read and restored through this driver. */
  storage: Config['storage'];
  databaseUrl: string | undefined;
  backupDir: string;
  /** The SQLite file when it is not DATA_DIR/intranet.sqlite (tests). */
  sqliteFile?: string;
}

export interface BackupResult {
  path: string;
  bytes: number;
  manifest: Manifest;
}

export const ARCHIVE_PREFIX = 'intranet-';
export const ARCHIVE_SUFFIX = '.tar.gz';

/** intranet-2025-03-01T02-00-00-000Z.tar.gz: sorts by time, safe in every file system. */
export const archiveName = (at: Date) =>
  `${ARCHIVE_PREFIX}${at.toISOString().replace(/[:.]/g, '-')}${ARCHIVE_SUFFIX}`;

export const sqliteFileOf = (dataDir: string) => path.join(dataDir, 'intranet.sqlite');

/** A tar entry being written (tar-stream's streamx Writable). */
type EntrySink = Parameters<typeof hashedCopy>[1] & { end(): void };

/** One tar entry of `size` bytes streamed from `bytes`, hashed on the way. */
async function addEntry(
  pack: tar.Pack,
  header: { name: string; size: number; mtime: Date },
  bytes: AsyncIterable<Buffer> | Iterable<Buffer>,
): Promise<Digest> {
  let entry!: EntrySink;
  const done = new Promise<void>((ok, fail) => {
    entry = pack.entry(header, (err) => (err ? fail(err) : ok())) as unknown as EntrySink;
  });
  const digest = await hashedCopy(bytes, entry);
  entry.end();
  await done;
  return digest;
}

/** One tar entry streamed from a file of the staging folder. */
async function addFile(pack: tar.Pack, name: string, file: string): Promise<Digest> {
  const handle = await fsp.open(file, 'r');
  try {
    const { size, mtime } = await handle.stat();
    const bytes = size === 0 ? [] : handle.createReadStream({ autoClose: false, start: 0, end: size - 1 });
    return await addEntry(pack, { name, size, mtime }, bytes);
  } finally {
    await handle.close();
  }
}

const isMissing = (err: unknown) =>
  (err as NodeJS.ErrnoException).code === 'ENOENT' ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * A stored file's bytes, its first chunk already read (so a file deleted since it was listed shows
 * before its tar entry begins); undefined when it is gone.
 */
async function openStored(storage: Storage, key: string): Promise<AsyncIterable<Buffer> | undefined> {
  let chunks: AsyncIterator<Buffer>;
  let first: IteratorResult<Buffer>;
  try {
    chunks = (await storage.read(key))[Symbol.asyncIterator]();
    first = await chunks.next();
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* { [Symbol.asyncIterator]: () => chunks };
  })();
}

/**
 * Writes one archive (tar + gzip) under BACKUP_DIR with the database, the stored files (read
 * through Storage: the local disk or the bucket) and a manifest.json last, whose sums a restore
 * checks. Everything streams through in constant memory: the database's dump goes through a
 * staging folder first (a tar entry needs its size up front).
 * The archive appears under its name only when complete.
 */
export async function writeBackup(
  place: BackupPlace,
  now = new Date(),
  storage: Storage = createConfiguredStorage(place),
): Promise<BackupResult> {
  await fsp.mkdir(place.backupDir, { recursive: true });
  const staging = path.join(place.backupDir, `.staging-${randomUUID()}`);
  const target = path.join(place.backupDir, archiveName(now));
  const partial = path.join(place.backupDir, `.${path.basename(target)}.partial`);
  await fsp.mkdir(staging);
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), fs.createWriteStream(partial, { flags: 'wx' }));
  // A failure below ends the pack; the writer's own error then surfaces from `written`.
  written.catch(() => undefined);
  try {
    const entries: ManifestEntry[] = [];
    const add = async (name: string, file: string) => {
      const digest = await addFile(pack, name, file);
      entries.push({ name, bytes: digest.bytes, sha256: digest.sha256 });
    };
    let database: Pick<Manifest, 'dialect' | 'migrations' | 'rows' | 'tables'>;
    if (place.databaseUrl) {
      const dumped = await dumpPostgres(place.databaseUrl, async (table, data) => {
        const out = fs.createWriteStream(path.join(staging, `${table}.copy`));
        const digest = await hashedCopy(data, out);
        out.end();
        await once(out, 'close');
        return digest;
      });
      for (const t of dumped.tables) await add(tableEntry(t.name), path.join(staging, `${t.name}.copy`));
      database = {
        dialect: 'postgres',
        migrations: dumped.migrations,
        rows: Object.fromEntries(dumped.tables.map((t) => [t.name, t.rows])),
        tables: dumped.tables.map((t) => ({ name: t.name, columns: t.columns })),
      };
    } else {
      const copy = path.join(staging, 'intranet.sqlite');
      const snapshot = await snapshotSqlite(place.sqliteFile ?? sqliteFileOf(place.dataDir), copy);
      await add(SQLITE_ENTRY, copy);
      database = { dialect: 'sqlite', migrations: snapshot.migrations, rows: snapshot.rows, tables: [] };
    }
    // After the database: a file whose row the snapshot holds was already committed to its name.
    // Stored files never change once written (new uploads get new names): the listed size holds.
    for await (const { key, size } of storage.list()) {
      const bytes = await openStored(storage, key);
      if (!bytes) continue; // deleted meanwhile
      const name = fileEntry(key);
      const digest = await addEntry(pack, { name, size, mtime: now }, bytes);
      entries.push({ name, bytes: digest.bytes, sha256: digest.sha256 });
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      product: 'intranet',
      version: productVersion(),
      createdAt: now.toISOString(),
      ...database,
      migrationLevel: database.migrations.at(-1) ?? '',
      entries,
    };
    pack.entry({ name: MANIFEST_NAME, mtime: now }, JSON.stringify(manifest, null, 1));
    pack.finalize();
    await written;
    const { size } = await fsp.stat(partial);
    await fsp.rename(partial, target);
    return { path: target, bytes: size, manifest };
  } catch (err) {
    pack.destroy(err as Error);
    await written.catch(() => undefined);
    await fsp.rm(partial, { force: true });
    throw err;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
