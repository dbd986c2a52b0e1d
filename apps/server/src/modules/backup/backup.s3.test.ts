import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, freshPostgresUrl, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { restoreCommand } from '../../cli/restore.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { createConfiguredStorage } from '../../storage/configured-storage.ts';
import type { Storage } from '../../storage/storage.ts';
import { createFolder, GESTOR, upload } from '../folders/folders.routes.fixture.ts';
import { tableContents } from './backup.fixture.ts';
import { writeBackup } from './backup.write.ts';

/** Every stored file of a Storage as key → sha256 of the bytes read back from it. */
async function sums(storage: Storage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const { key } of storage.list()) {
    const hash = createHash('sha256');
    for await (const chunk of await storage.read(key)) hash.update(chunk as Buffer);
    out[key] = hash.digest('hex');
  }
  return out;
}

/** With STORAGE=s3 the archive holds the bucket's files, and a restore puts them into another bucket. */
describe(`backup and restore with STORAGE=s3 (${TEST_DIALECT})`, () => {
  let source: TestS3;
  let target: TestS3;
  let t: TestApp;
  const temp: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-backup-s3-'));
    temp.push(dir);
    return dir;
  };
  const emptyTarget = async (s3: TestS3) => {
    const dataDir = tempDir();
    const databaseUrl = TEST_DIALECT === 'postgres' ? await freshPostgresUrl() : undefined;
    return { dataDir, databaseUrl, env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', ...s3.env } };
  };

  beforeAll(async () => {
    [source, target] = await Promise.all([startTestS3(), startTestS3()]);
    t = await buildTestApp({ env: source.env });
  });
  afterAll(async () => {
    await t?.close();
    await source?.close();
    await target?.close();
    for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('archives every file of the bucket and restores the same bytes and rows into an empty bucket', async () => {
    const folder = await createFolder(t.as(GESTOR), 'Backup na nuvem');
    const uploaded = await upload(t.as(GESTOR), folder, 'contrato.txt', 'cláusula primeira');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    // A write not committed yet (`.tmp/` in the bucket) is no stored file.
    const pending = await t.storage.writeTemp(Readable.from([Buffer.from('pela metade')]));
    const config = loadConfig({ DATA_DIR: t.dataDir, ...source.env });
    const made = await writeBackup({
      dataDir: t.dataDir,
      databaseUrl: t.databaseUrl,
      sqliteFile: t.sqliteFile,
      backupDir: tempDir(),
      storage: config.storage,
    });
    await pending.discard();

    const before = await sums(t.storage);
    expect(Object.keys(before)).toContain(`folders/${uploaded.json().files[0].file_name}`);
    expect(
      made.manifest.entries
        .filter((e) => e.name.startsWith('files/'))
        .map((e) => e.name)
        .sort(),
    ).toEqual(
      Object.keys(before)
        .map((key) => `files/${key}`)
        .sort(),
    );
    expect(fs.existsSync(path.join(t.dataDir, 'files'))).toBe(false);

    const into = await emptyTarget(target);
    const restored = await restoreCommand([made.path], into.env);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    const restoredStorage = createConfiguredStorage(loadConfig(into.env));
    expect(await sums(restoredStorage)).toEqual(before);
    expect((await target.keys()).filter((k) => k.startsWith('.tmp/'))).toEqual([]);
    expect(fs.existsSync(path.join(into.dataDir, 'files'))).toBe(false);

    const copy = openDatabase({
      databaseUrl: into.databaseUrl,
      sqliteFile: path.join(into.dataDir, 'intranet.sqlite'),
    });
    try {
      const names = Object.keys(made.manifest.rows);
      expect(Object.fromEntries(await tableContents(copy.db, names))).toEqual(
        Object.fromEntries(await tableContents(t.db, names)),
      );
    } finally {
      await copy.close();
    }

    // The bucket now holds files: a second restore into it is refused, and writes nothing.
    const again = await emptyTarget(target);
    const refused = await restoreCommand([made.path], again.env);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      'O bucket intranet-test (S3_BUCKET) já tem arquivos: a restauração só grava num armazenamento de arquivos vazio.',
    );
    expect(fs.readdirSync(again.dataDir)).toEqual([]);
  });
});
