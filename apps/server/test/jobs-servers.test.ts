import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type FineImportReading, MSG } from '@intranet/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importClient } from '../src/modules/fines/fines.import.client.ts';
import { countImported, HEADER, penalties } from '../src/modules/fines/fines.import.fixtures.ts';
import { RowSpool } from '../src/platform/row-spool.ts';
import {
  buildSiblingApp,
  buildTestApp,
  DEMO,
  type SiblingApp,
  TEST_DIALECT,
  type TestApp,
} from './harness.ts';
import { startTestS3, type TestS3 } from './s3-server.ts';
import { fileForm, xlsxBuffer } from './xlsx-buffer.ts';

/**
 * Decision 0127: servers, each with its own empty DATA_DIR, on one PostgreSQL and one S3 store. A
 * fines import's records live in the database and its files in the bucket, so any server answers
 * for it; one whose server stops mid-commit is run again, once, by another.
 */
/** Locks waited for in this test's database (the cluster holds other test files' databases too). */
const WAITING = `select 1 from pg_locks where not granted
  and database = (select oid from pg_database where datname = current_database())`;

describe.runIf(TEST_DIALECT === 'postgres')('background jobs across servers (PostgreSQL + S3)', () => {
  let s3: TestS3;
  let t: TestApp;
  let b: SiblingApp;
  const M = DEMO.gestorMultas;
  const numbers = (prefix: string) => countImported(t.db, prefix);
  const imports = async () => t.auditCount(await t.userId(M), 'fine.import');
  const importKeys = async () => (await s3.keys()).filter((k) => k.startsWith('fine-imports/'));

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await buildTestApp({ env: s3.env });
    b = await buildSiblingApp(t, { env: s3.env, server: true });
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
    await s3?.close();
  });

  it('previewed on A, committed on B, followed on both: written once, nothing in either DATA_DIR', async () => {
    const onA = importClient(t.as(M));
    const onB = importClient(b.as(M));
    const before = await imports();
    const id = await onA.previewed([HEADER, ...penalties(600, 'S', 3, (i) => 10 + i)]);
    // The kept rows are in the bucket: B reads them.
    expect((await importKeys()).some((k) => k.endsWith('.rows'))).toBe(true);
    const res = await onB.commit(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'running', total: 600 });
    expect((await onA.commit(id)).statusCode).toBe(404);
    const [endA, endB] = await Promise.all([onA.settled(id), onB.settled(id)]);
    expect(endA).toEqual(endB);
    expect(endA).toMatchObject({
      state: 'done',
      written: 600,
      added: 600,
      message: MSG.fineImportDone(600, 0, 0),
    });
    expect(await numbers('S')).toBe(600);
    expect(await imports()).toBe(before + 1);
    await expect.poll(importKeys).toEqual([]);
    for (const dir of [t.dataDir, b.dataDir]) expect(fs.existsSync(path.join(dir, 'jobs'))).toBe(false);
  });

  it('an import whose server stops mid-commit is run again from the start by another, written once', async () => {
    const c = await buildSiblingApp(t, { env: s3.env, server: true });
    const before = await imports();
    const id = await importClient(c.as(M)).previewed([HEADER, ...penalties(1200, 'K', 4, (i) => 10 + i)]);
    // Held here, the imports' lock keeps C's job inside its transaction, before its first batch.
    const lock = new pg.Client({ connectionString: t.databaseUrl });
    await lock.connect();
    let closing: Promise<void> | undefined;
    try {
      await lock.query('begin');
      await lock.query(`select pg_advisory_xact_lock(hashtext('fines.import'))`);
      const res = await importClient(c.as(M)).commit(id);
      expect(res.statusCode, res.body).toBe(200);
      await expect
        .poll(async () => (await lock.query(`${WAITING} and locktype = 'advisory'`)).rowCount)
        .toBe(1);
      const seen = await b.as(M)({ method: 'GET', url: `/api/fines/import/${id}` });
      expect(seen.json()).toMatchObject({ state: 'running', written: 0 });
      // C stops: its job rolls back at its first batch and hands the import over.
      closing = c.close();
    } finally {
      await lock.query('commit');
      await lock.end();
    }
    await closing;
    const end = await importClient(b.as(M)).settled(id);
    expect(end).toMatchObject({ state: 'done', written: 1200, added: 1200, updated: 0, unchanged: 0 });
    expect(await importClient(t.as(M)).settled(id)).toEqual(end);
    expect(await numbers('K')).toBe(1200);
    expect(await imports()).toBe(before + 1);
    await expect.poll(importKeys).toEqual([]);
  });

  it('an import whose server died after its commit is only finished by another: nothing written twice', async () => {
    const userId = await t.userId(M);
    const id = randomUUID();
    const rowsKey = `fine-imports/${id}.xlsx.rows`;
    const spool = new RowSpool(t.storage);
    await spool.write([
      { line: 2, values: { NUMERO_AUTO: 'Z-1', ORGAO_AUTUADOR: 'PRF', VALOR_TOTAL_MULTA: 10 } },
    ]);
    await spool.keep(rowsKey);
    const view = { importId: id, state: 'running', written: 1, total: 1, added: 0, updated: 0, unchanged: 0 };
    const running = { view: { ...view, message: MSG.fineImportRunning(1, 1) }, rowsKey, fileName: 'z.xlsx' };
    const done = {
      ...running,
      view: { ...view, state: 'done', added: 1, message: MSG.fineImportDone(1, 0, 0) },
    };
    // As a server leaves it that died between its transaction's commit and the record's end.
    await sql`insert into job_records (kind, id, user_id, running, owner, heartbeat_at, data, result)
      values ('fine-import-commits', ${id}, ${userId}, true, 'um servidor que parou', now() - interval '1 hour',
        ${JSON.stringify(running)}::jsonb, ${JSON.stringify(done)}::jsonb)`.execute(t.db);
    expect(await importClient(b.as(M)).settled(id)).toEqual(done.view);
    expect(await numbers('Z')).toBe(0);
    await expect.poll(async () => (await importKeys()).includes(rowsKey)).toBe(false);
  });

  it('a reading whose server stops ends as interrupted, read so on another server', async () => {
    const c = await buildSiblingApp(t, { env: s3.env, server: true });
    const lock = new pg.Client({ connectionString: t.databaseUrl });
    await lock.connect();
    let id = '';
    let closing: Promise<void> | undefined;
    try {
      // Held here, the fines table stops C's reading at its first batch (500 rows).
      await lock.query('begin');
      await lock.query('lock table fines in access exclusive mode');
      const res = await c.as(M)({
        method: 'POST',
        url: '/api/fines/import',
        payload: fileForm(await xlsxBuffer([HEADER, ...penalties(1500, 'R', 4, () => 10)]), 'multas.xlsx'),
      });
      expect(res.statusCode, res.body).toBe(200);
      id = res.json<FineImportReading>().importId;
      await expect
        .poll(async () => (await lock.query(`${WAITING} and relation = 'fines'::regclass`)).rowCount)
        .toBe(1);
      closing = c.close();
    } finally {
      await lock.query('commit');
      await lock.end();
    }
    await closing;
    const read = await b.as(M)({ method: 'GET', url: `/api/fines/import/${id}/preview` });
    expect(read.json()).toMatchObject({ state: 'failed', message: MSG.fineImportReadInterrupted });
    await expect.poll(importKeys).toEqual([]);
  });
});
