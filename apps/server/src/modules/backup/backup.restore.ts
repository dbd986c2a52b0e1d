import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { openDatabase } from '../../db/database.ts';
import { knownMigrations, migrateUpTo } from '../../db/migrate.ts';
import { isValidKey } from '../../storage/storage.ts';
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
import { type BackupPlace, filesDirOf, sqliteFileOf } from './backup.write.ts';

/** A restore that would lose or mix data, or an archive it cannot trust: said in Portuguese, nothing written. */
export class RestoreRefused extends Error {}

/** The largest manifest read (it lists every stored file: about 150 bytes each). */
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

const DATABASE_ENTRY = /^database\/[a-z0-9_]+\.(copy|sqlite)$/;

/** Where an archive's entry lands in the staging folder; refused when the name is none of ours. */
function stagedPath(staging: string, name: string): string {
  if (DATABASE_ENTRY.test(name)) return path.join(staging, ...name.split('/'));
  if (name.startsWith('files/') && isValidKey(name.slice('files/'.length)))
    return path.join(staging, ...name.split('/'));
  throw new RestoreRefused(`O arquivo não é um backup da intranet: item inesperado "${name}".`);
}

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

/** Streams the archive into the staging folder, hashing every entry; answers the manifest and the sums. */
async function unpack(
  archive: string,
  staging: string,
): Promise<{ manifest: unknown; seen: Map<string, Digest> }> {
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(archive), createGunzip(), extract);
  reading.catch(() => undefined);
  const seen = new Map<string, Digest>();
  let manifestText: string | undefined;
  try {
    for await (const item of extract) {
      const { name, type, size } = item.header;
      const entry = item as AsyncIterable<Buffer>;
      if (type !== 'file') throw new RestoreRefused(`O arquivo não é um backup da intranet: item "${name}".`);
      if (name === MANIFEST_NAME) {
        if ((size ?? 0) > MANIFEST_MAX_BYTES)
          throw new RestoreRefused('O manifesto do backup é grande demais.');
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk);
        manifestText = Buffer.concat(chunks).toString('utf8');
        continue;
      }
      const file = stagedPath(staging, name);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const out = fs.createWriteStream(file, { flags: 'wx' });
      seen.set(name, await hashedCopy(entry, out));
      out.end();
      await once(out, 'close');
    }
    await reading;
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

/**
 * Restores an archive of writeBackup into an empty data folder and an empty database (SQLite file
 * or DATABASE_URL): everything is checked before anything is written. The database is left at the
 * archive's migration level; the server's start migrates it forward.
 */
export async function restoreBackup(place: BackupPlace, archive: string): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new RestoreRefused(`Arquivo de backup não encontrado: ${archive}`);
  const dialect = place.databaseUrl ? 'postgres' : 'sqlite';
  if (!(await dataDirIsEmpty(place.dataDir, place.backupDir)))
    throw new RestoreRefused(
      `A pasta de dados ${place.dataDir} não está vazia: a restauração só grava numa pasta de dados vazia (DATA_DIR).`,
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
    const files = path.join(staging, 'files');
    if (fs.existsSync(files)) await fsp.rename(files, filesDirOf(place.dataDir));
    return manifest;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
