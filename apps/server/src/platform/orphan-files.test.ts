import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../test/harness.ts';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { PNG } from '../modules/tickets/tickets.routes.fixture.ts';
import type { Storage } from '../storage/storage.ts';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from './orphan-files.ts';

/** Decision 0128: stored files without their row, on the local disk and in an S3 bucket. */
describe.each(['local', 's3'] as const)(`orphan files sweep, %s storage (${TEST_DIALECT})`, (driver) => {
  let s3: TestS3 | undefined;
  let t: TestApp;
  beforeAll(async () => {
    if (driver === 's3') s3 = await startTestS3();
    t = await buildTestApp({ env: s3?.env ?? {} });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const store = async (key?: string) => {
    const temp = await t.storage.writeTemp(Readable.from([Buffer.from('sem registro')]));
    if (key) await temp.commit(key);
    return key;
  };
  const keys = async () => {
    const all: string[] = [];
    for await (const { key } of t.storage.list()) all.push(key);
    return all.sort();
  };
  const later = (ms: number) => ({ now: new Date(Date.now() + ms) });

  it('removes files no row points to and stale temporary files, past the grace period only', async () => {
    const demo = await keys();
    const orphans = await Promise.all(
      ['calls', 'purchases', 'hr', 'folders', 'operation', 'profile', 'notices', 'banners', 'apps'].map(
        (prefix) => store(`${prefix}/${randomUUID()}.txt`),
      ),
    );
    // An import's own file (its job owns it) and a write still in flight (not committed).
    const imported = await store(`fine-imports/${randomUUID()}.xlsx`);
    await store();

    // Young files are writes that may still commit their rows: nothing goes.
    expect(await sweepOrphanFiles(t.db, t.storage)).toEqual({ files: 0, temporary: 0 });
    expect(await sweepOrphanFiles(t.db, t.storage, later(ORPHAN_GRACE_MS / 2))).toEqual({
      files: 0,
      temporary: 0,
    });

    // Past the grace period: every orphan, and only them; the demo's files all have their rows.
    expect(await sweepOrphanFiles(t.db, t.storage, later(2 * ORPHAN_GRACE_MS))).toEqual({
      files: orphans.length,
      temporary: 1,
    });
    expect(await keys()).toEqual([...demo, imported].sort());
    if (s3) expect((await s3.keys()).filter((k) => k.startsWith('.tmp/'))).toEqual([]);
  });

  it('stores no row when its file cannot be moved into place', async () => {
    // The moment a killed server dies between the two writes, made to happen every time.
    const failing: Storage = {
      ...t.storage,
      async writeTemp(source) {
        const temp = await t.storage.writeTemp(source);
        return {
          size: temp.size,
          commit: () => Promise.reject(new Error('armazenamento fora do ar')),
          discard: () => temp.discard(),
        };
      },
    };
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', ...s3?.env }),
      database: { db: t.db, dialect: t.dialect, close: async () => undefined },
      storage: failing,
      logger: false,
    });
    try {
      const count = async () =>
        Number(
          (
            await t.db
              .selectFrom('calls')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const form = new FormData();
      form.append('problem', 'Impressora');
      form.append('descript', 'Não liga.');
      form.append('dep', 'Tecnologia de Informação');
      form.append('filial', 'Matriz');
      form.append('files', new Blob([PNG], { type: 'image/png' }), 'coletor.png');
      const res = await app.inject({
        method: 'POST',
        url: '/api/insertCall',
        payload: form,
        headers: { authorization: `Bearer ${await t.token(DEMO.juridico)}` },
      });
      expect(res.statusCode, res.body).toBe(500);
      expect(await count()).toBe(before);
      expect(await sweepOrphanFiles(t.db, t.storage, later(2 * ORPHAN_GRACE_MS))).toEqual({
        files: 0,
        temporary: 0,
      });
    } finally {
      await app.close();
    }
  });
});
