import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { openDatabase } from '../../db/database.ts';
import { knownMigrations, migrateUpTo } from '../../db/migrate.ts';
import { createConfiguredStorage } from '../../storage/configured-storage.ts';
import { isValidKey, type Storage } from '../../storage/storage.ts';
import { type Digest, hashedCopy } from './backup.hash.ts';
import {
  ARCHIVE_FORMAT,
  dialectLabel,
  MANIFEST_NAME,
  type Manifest,
  manifestSchema,
  SQLITE_ENTRY,
  tableEntry,
} from './backup.manifest.ts';
import { isEmptyPostgres, loadPostgres } from './backup.postgres.ts';
import { type BackupPlace, sqliteFileOf } from './backup.write.ts';

/** A restore that would lose or mix data, or an archive it cannot trust: said in Portuguese, nothing written. */
export class RestoreRefused extends Error {}

/** The largest manifest read (it lists every stored file: about 150 bytes each). */
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

const DATABASE_ENTRY = /^database\/[a-z0-9_]+\.(copy|sqlite)$/;

/** A stored file's key from its entry's name; undefined for the database's entries. */
function storedKey(name: string): string | undefined {
  if (DATABASE_ENTRY.test(name)) return undefined;
  const key = name.startsWith('files/') ? name.slice('files/'.length) : '';
  if (isValidKey(key)) return key;
  throw new RestoreRefused(`O arquivo não é um backup da intranet: item inesperado "${name}".`);
}

/** Every entry of an archive, in order (the tar entry streams its bytes). */
async function* entriesOf(
  archive: string,
): AsyncGenerator<{ name: string; size: number; bytes: AsyncIterable<Buffer> }> {
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(archive), createGunzip(), extract);
  reading.catch(() => undefined);
  for await (const item of extract) {
    const { name, type, size } = item.header;
    if (type !== 'file') throw new RestoreRefused(`O arquivo não é um backup da intranet: item "${name}".`);
    yield { name, size: size ?? 0, bytes: item as AsyncIterable<Buffer> };
  }
  await reading;
}

/** Where the bytes go when only their sum is wanted. */
const nowhere = { write: () => true, once: () => undefined };

/** The bucket or folder the files are restored to, as the refusal names it. */
const storageLabel = (storage: BackupPlace['storage'], dataDir: string) =>
  storage.kind === 's3'
    ? `O bucket ${storage.bucket} (S3_BUCKET)`
    : `A pasta de arquivos ${path.join(dataDir, 'files')}`;

/** The data folder holds nothing but, perhaps, the backups folder (where the archive may sit). */
async function dataDirIsEmpty(dataDir: string, backupDir: string): Promise<boolean> {
  let names: string[];
  try {
    names = await fsp.readdir(dataDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
  return names.every((n) => path.join(dataDir, n) === path.resolve(backupDir));
}

/**
 * The first reading of the archive: the database's entries into the staging folder, every entry
 * hashed (the stored files' bytes go nowhere yet); answers the manifest and the sums.
 */
async function unpack(
  archive: string,
  staging: string,
): Promise<{ manifest: unknown; seen: Map<string, Digest> }> {
  const seen = new Map<string, Digest>();
  let manifestText: string | undefined;
  try {
    for await (const { name, size, bytes } of entriesOf(archive)) {
      if (name === MANIFEST_NAME) {
        if (size > MANIFEST_MAX_BYTES) throw new RestoreRefused('O manifesto do backup é grande demais.');
        const chunks: Buffer[] = [];
        for await (const chunk of bytes) chunks.push(chunk);
        manifestText = Buffer.concat(chunks).toString('utf8');
        continue;
      }
      if (storedKey(name) !== undefined) {
        seen.set(name, await hashedCopy(bytes, nowhere));
        continue;
      }
      const file = path.join(staging, ...name.split('/'));
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const out = fs.createWriteStream(file, { flags: 'wx' });
      seen.set(name, await hashedCopy(bytes, out));
      out.end();
      await once(out, 'close');
    }
  } catch (err) {
    if (err instanceof RestoreRefused) throw err;
    throw new RestoreRefused(`O arquivo não é um backup da intranet legível: ${(err as Error).message}`);
  }
  if (manifestText === undefined)
    throw new RestoreRefused('O arquivo não tem manifest.json: não é um backup da intranet.');
  try {
    return { manifest: JSON.parse(manifestText), seen };
  } catch {
    throw new RestoreRefused('O manifest.json do backup não é JSON válido.');
  }
}

/** The checks that come before anything is written: format, migration level, dialect, sums. */
function checkedManifest(raw: unknown, seen: Map<string, Digest>, dialect: Manifest['dialect']): Manifest {
  const format = (raw as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format > ARCHIVE_FORMAT)
    throw new RestoreRefused(
      'O backup foi feito por uma versão mais nova da intranet. Atualize a intranet antes de restaurar.',
    );
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new RestoreRefused('O manifest.json do backup está incompleto ou inválido.');
  const manifest = parsed.data;
  const unknown = manifest.migrations.filter((m) => !knownMigrations.includes(m));
  if (unknown.length > 0)
    throw new RestoreRefused(
      `O backup foi feito por uma versão mais nova da intranet (migração ${manifest.migrationLevel}; esta versão conhece até ${knownMigrations.at(-1)}). Atualize a intranet antes de restaurar.`,
    );
  if (manifest.dialect !== dialect)
    throw new RestoreRefused(
      `O backup é de um banco ${dialectLabel(manifest.dialect)}, mas a configuração aponta um banco ${dialectLabel(dialect)}${dialect === 'postgres' ? ' (DATABASE_URL)' : ''}. Restaure no mesmo tipo de banco.`,
    );
  for (const entry of manifest.entries) {
    const digest = seen.get(entry.name);
    if (!digest || digest.sha256 !== entry.sha256 || digest.bytes !== entry.bytes)
      throw new RestoreRefused(
        `O backup está corrompido: a soma de verificação de "${entry.name}" não confere.`,
      );
  }
  if (seen.size !== manifest.entries.length)
    throw new RestoreRefused('O backup está corrompido: há itens que o manifesto não lista.');
  return manifest;
}

/** One stored file streamed from the archive into Storage, committed only when its sum matches. */
async function restoreFile(storage: Storage, key: string, bytes: AsyncIterable<Buffer>, expected: Digest) {
  const pass = new PassThrough();
  const [written, copied] = await Promise.allSettled([
    storage.writeTemp(pass),
    hashedCopy(bytes, pass).then(
      (digest) => {
        pass.end();
        return digest;
      },
      (err: unknown) => {
        pass.destroy(err as Error);
        throw err;
      },
    ),
  ]);
  if (written.status === 'rejected') throw written.reason;
  if (copied.status === 'rejected' || copied.value.sha256 !== expected.sha256) {
    await written.value.discard();
    if (copied.status === 'rejected') throw copied.reason;
    throw new RestoreRefused(`O backup mudou durante a restauração: "${key}" não confere.`);
  }
  await written.value.commit(key);
}

/**
 * The second reading of the archive, once every sum matched: each stored file streamed into
 * Storage (the local disk or the bucket) through writeTemp and commit.
 */
async function restoreFiles(archive: string, storage: Storage, seen: Map<string, Digest>): Promise<void> {
  for await (const { name, bytes } of entriesOf(archive)) {
    const key = name === MANIFEST_NAME ? undefined : storedKey(name);
    const expected = seen.get(name);
    if (key === undefined || !expected) for await (const _ of bytes);
    else await restoreFile(storage, key, bytes, expected);
  }
}

/** Whether Storage holds any file (a bucket already in use). */
async function holdsFiles(storage: Storage): Promise<boolean> {
  for await (const _ of storage.list()) return true;
  return false;
}

/**
 * Restores an archive of writeBackup into an empty data folder, an empty Storage (DATA_DIR/files or
 * the bucket) and an empty database (SQLite file or DATABASE_URL). The archive is read twice:
 * first every sum is checked, and nothing is written before they all match; then the files stream
 * into Storage. The database is left at the archive's migration level; the server's start migrates
 * it forward.
 */
export async function restoreBackup(
  place: BackupPlace,
  archive: string,
  storage: Storage = createConfiguredStorage(place),
): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new RestoreRefused(`Arquivo de backup não encontrado: ${archive}`);
  const dialect = place.databaseUrl ? 'postgres' : 'sqlite';
  if (!(await dataDirIsEmpty(place.dataDir, place.backupDir)))
    throw new RestoreRefused(
      `A pasta de dados ${place.dataDir} não está vazia: a restauração só grava numa pasta de dados vazia (DATA_DIR).`,
    );
  if (await holdsFiles(storage))
    throw new RestoreRefused(
      `${storageLabel(place.storage, place.dataDir)} já tem arquivos: a restauração só grava num armazenamento de arquivos vazio.`,
    );
  if (place.databaseUrl && !(await isEmptyPostgres(place.databaseUrl)))
    throw new RestoreRefused(
      'O banco de dados de DATABASE_URL não está vazio: a restauração só grava num banco sem tabelas.',
    );
  await fsp.mkdir(place.dataDir, { recursive: true });
  const staging = path.join(place.dataDir, `.restore-${randomUUID()}`);
  await fsp.mkdir(staging);
  try {
    const { manifest: raw, seen } = await unpack(archive, staging);
    const manifest = checkedManifest(raw, seen, dialect);
    if (place.databaseUrl) {
      const database = openDatabase({ databaseUrl: place.databaseUrl, sqliteFile: '' });
      try {
        await migrateUpTo(database.db, manifest.migrationLevel);
      } finally {
        await database.close();
      }
      await loadPostgres(place.databaseUrl, manifest.tables, (t) =>
        path.join(staging, ...tableEntry(t).split('/')),
      );
    } else {
      await fsp.rename(path.join(staging, ...SQLITE_ENTRY.split('/')), sqliteFileOf(place.dataDir));
    }
    await restoreFiles(archive, storage, seen);
    return manifest;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
