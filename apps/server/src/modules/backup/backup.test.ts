import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BackupStatus } from '@intranet/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSiblingApp,
  buildTestApp,
  DEMO,
  freshPostgresUrl,
  TEST_DIALECT,
  type TestApp,
} from '../../../test/harness.ts';
import { TINY_PNG } from '../../../test/images.ts';
import { restoreCommand } from '../../cli/restore.ts';
import { openDatabase } from '../../db/database.ts';
import { knownMigrations } from '../../db/migrate.ts';
import { alteredArchive, storedFileSums, tableContents } from './backup.fixture.ts';
import { backupTick, readBackupRuns, recordedBackup } from './backup.schedule.ts';
import { type BackupPlace, type BackupResult, writeBackup } from './backup.write.ts';

/**
 * Issue 34, backups: an archive made while the API keeps writing restores elsewhere into the same
 * rows and the same files; restore refuses a newer archive, a damaged one and a target with data;
 * the schedule keeps the last BACKUP_KEEP archives.
 */
describe(`backup and restore (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let place: BackupPlace;
  const temp: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-backup-'));
    temp.push(dir);
    return dir;
  };
  /** An empty data folder and (PostgreSQL) an empty database, as the restore's settings. */
  const emptyTarget = async () => {
    const dataDir = tempDir();
    const databaseUrl = TEST_DIALECT === 'postgres' ? await freshPostgresUrl() : undefined;
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' };
    return { dataDir, databaseUrl, env };
  };
  const openRestored = (target: { dataDir: string; databaseUrl: string | undefined }) =>
    openDatabase({
      databaseUrl: target.databaseUrl,
      sqliteFile: path.join(target.dataDir, 'intranet.sqlite'),
    });

  beforeAll(async () => {
    t = await buildTestApp();
    place = {
      dataDir: t.dataDir,
      databaseUrl: t.databaseUrl,
      sqliteFile: t.sqliteFile,
      backupDir: tempDir(),
      storage: { kind: 'local' },
    };
  });
  afterAll(async () => {
    await t.close();
    for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A call opened and answered with a picture through the API: rows in several tables and a stored file. */
  const writeThroughApi = async (n: number) => {
    const opened = await t.as(DEMO.juridico)({
      method: 'POST',
      url: '/api/insertCall',
      payload: {
        problem: 'Computador',
        descript: `Não liga (${n}).`,
        dep: 'Tecnologia de Informacao',
        filial: 'Matriz',
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const form = new FormData();
    form.append('msg', `Foto ${n}`);
    form.append('files', new Blob([TINY_PNG, Buffer.from(String(n))], { type: 'image/png' }), 'tela.png');
    const answered = await t.as(DEMO.juridico)({
      method: 'POST',
      url: `/api/calls/${opened.json<{ id: number }>().id}/answers`,
      payload: form,
    });
    expect(answered.statusCode, answered.body).toBe(200);
  };

  let quiet: BackupResult;

  it('an archive made while the API writes restores the snapshot; a quiet one restores every row and file', async () => {
    for (let n = 0; n < 3; n++) await writeThroughApi(n);
    const tablesBefore = await tableContents(t.db, await tableNames());
    const filesBefore = await storedFileSums(t.dataDir);
    const textIndexes =
      TEST_DIALECT === 'sqlite'
        ? (
            await sql<{
              name: string;
            }>`select name from sqlite_master where sql like 'create virtual table%'`.execute(t.db)
          ).rows.map((r) => r.name)
        : [];

    // Writes go on while the backup runs.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) await writeThroughApi(100 + written++);
    })();
    const busy = await writeBackup(place);
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(0);

    const target = await emptyTarget();
    const restored = await restoreCommand([busy.path], target.env);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    const db = openRestored(target);
    try {
      const after = await tableContents(db.db, Object.keys(busy.manifest.rows));
      for (const [table, rows] of Object.entries(busy.manifest.rows)) {
        expect(after.get(table)?.length, table).toBe(rows);
        // Every row that existed before the backup started is there as it was; not compared: the
        // sessions (last seen moves on) and the full-text indexes' own tables (their blocks merge).
        if (table === 'sessions' || textIndexes.some((v) => table.startsWith(`${v}_`))) continue;
        const have = new Set(after.get(table));
        const missing = (tablesBefore.get(table) ?? []).filter((r) => !have.has(r));
        expect(missing, table).toEqual([]);
      }
    } finally {
      await db.close();
    }
    const restoredFiles = await storedFileSums(target.dataDir);
    for (const [key, sum] of filesBefore) expect(restoredFiles.get(key), key).toBe(sum);
    for (const entry of busy.manifest.entries.filter((e) => e.name.startsWith('files/')))
      expect(restoredFiles.get(entry.name.slice('files/'.length)), entry.name).toBe(entry.sha256);

    // Once the writes stopped: every table and every file, equal to the source's.
    quiet = await writeBackup(place, new Date(Date.now() + 1000));
    const second = await emptyTarget();
    expect((await restoreCommand([quiet.path], second.env)).code).toBe(0);
    const copy = openRestored(second);
    try {
      const names = await tableNames();
      expect(Object.fromEntries(await tableContents(copy.db, names))).toEqual(
        Object.fromEntries(await tableContents(t.db, names)),
      );
    } finally {
      await copy.close();
    }
    expect(Object.fromEntries(await storedFileSums(second.dataDir))).toEqual(
      Object.fromEntries(await storedFileSums(t.dataDir)),
    );
    expect(quiet.manifest.migrationLevel).toBe(knownMigrations.at(-1));
  });

  /** The application's tables (Kysely's own left out). */
  const tableNames = async () =>
    (await t.db.introspection.getTables()).filter((x) => !x.isView).map((x) => x.name);

  it('refuses an archive of a newer version (migration level) and writes nothing', async () => {
    const newer = path.join(tempDir(), 'newer.tar.gz');
    await alteredArchive(quiet.path, newer, {
      manifest: (m) => ({
        ...m,
        migrations: [...m.migrations, '9999_future'],
        migrationLevel: '9999_future',
      }),
    });
    const target = await emptyTarget();
    const result = await restoreCommand([newer], target.env);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `O backup foi feito por uma versão mais nova da intranet (migração 9999_future; esta versão conhece até ${knownMigrations.at(-1)}). Atualize a intranet antes de restaurar.`,
    );
    expect(fs.readdirSync(target.dataDir)).toEqual([]);
  });

  it('refuses an archive whose checksum does not match', async () => {
    const damaged = path.join(tempDir(), 'damaged.tar.gz');
    const file = quiet.manifest.entries.find((e) => e.name.startsWith('files/'));
    if (!file) throw new Error('sem arquivos no backup');
    await alteredArchive(quiet.path, damaged, {
      entry: { name: file.name, bytes: Buffer.from('outro conteúdo') },
    });
    const target = await emptyTarget();
    const result = await restoreCommand([damaged], target.env);
    expect(result.code).toBe(1);
    expect(result.err).toBe(`O backup está corrompido: a soma de verificação de "${file.name}" não confere.`);
    expect(fs.readdirSync(target.dataDir)).toEqual([]);
  });

  it('refuses a target that holds data: the data folder, or the database', async () => {
    const folder = await restoreCommand([quiet.path], {
      DATA_DIR: t.dataDir,
      DATABASE_URL: t.databaseUrl ?? '',
    });
    expect(folder.code).toBe(1);
    expect(folder.err).toBe(
      `A pasta de dados ${t.dataDir} não está vazia: a restauração só grava numa pasta de dados vazia (DATA_DIR).`,
    );
    if (TEST_DIALECT === 'postgres') {
      const database = await restoreCommand([quiet.path], {
        DATA_DIR: tempDir(),
        DATABASE_URL: t.databaseUrl ?? '',
      });
      expect(database.code).toBe(1);
      expect(database.err).toBe(
        'O banco de dados de DATABASE_URL não está vazio: a restauração só grava num banco sem tabelas.',
      );
    }
  });

  it('the schedule keeps the last BACKUP_KEEP archives and records each run', async () => {
    const backupDir = tempDir();
    const start = Date.parse('2030-01-01T02:00:00Z');
    const made: string[] = [];
    for (let day = 0; day < 4; day++) {
      made.push(
        (await backupTick({ ...place, backupDir, backupKeep: 2 }, new Date(start + day * 86_400_000))).path,
      );
    }
    const left = fs.readdirSync(backupDir).filter((n) => n.endsWith('.tar.gz'));
    expect(left.sort()).toEqual(made.slice(2).map((p) => path.basename(p)));
    const runs = await readBackupRuns(backupDir);
    expect(runs.map((r) => [r.at, r.ok])).toEqual(
      [3, 2, 1, 0].map((day) => [new Date(start + day * 86_400_000).toISOString(), true]),
    );
    expect(runs[0]?.bytes).toBe(fs.statSync(made[3] as string).size);
  });

  it('administrators see the last backup (time, size), and a warning when it is over two days old', async () => {
    const backupDir = tempDir();
    const scheduled = await buildSiblingApp(t, { env: { BACKUP_CRON: '0 2 * * *', BACKUP_DIR: backupDir } });
    try {
      const status = async () => {
        const res = await scheduled.as(DEMO.admin)({ method: 'GET', url: '/api/admin/backups' });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<BackupStatus>();
      };
      expect(await status()).toEqual({ last: null, failed: null, scheduled: true, stale: true });
      const old = await recordedBackup({ ...place, backupDir }, new Date(Date.now() - 49 * 3_600_000));
      const oldRun = { at: old.manifest.createdAt, ok: true, path: old.path, bytes: old.bytes };
      expect(await status()).toEqual({ last: oldRun, failed: null, scheduled: true, stale: true });
      const fresh = await recordedBackup({ ...place, backupDir }, new Date(Date.now() - 47 * 3_600_000));
      expect(await status()).toMatchObject({
        last: { at: fresh.manifest.createdAt, bytes: fresh.bytes },
        stale: false,
      });
      await expect(
        recordedBackup({ ...place, backupDir, databaseUrl: 'postgres://127.0.0.1:1/x' }),
      ).rejects.toThrow();
      const failed = await status();
      expect(failed.last?.at).toBe(fresh.manifest.createdAt);
      expect(failed.failed?.ok).toBe(false);
    } finally {
      await scheduled.close();
    }
  });
});
