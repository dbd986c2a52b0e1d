import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { FineImportJob, FineImportReading } from '@intranet/contracts';
import { MSG } from '@intranet/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSiblingApp,
  buildTestApp,
  DEMO,
  type SiblingApp,
  TEST_DIALECT,
  type TestApp,
} from '../../../test/harness.ts';
import { fileForm, xlsxBuffer } from '../../../test/xlsx-buffer.ts';
import { countImported, HEADER, penalties } from './fines.import.fixtures.ts';

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/**
 * The server as several processes (node:cluster workers on one port, one DATA_DIR, one database):
 * each request of one import may reach another worker. Two apps over the same database and
 * DATA_DIR stand for two workers; an import started on one is followed, committed and cancelled
 * through the other (platform/job-records.ts).
 */
describe(`fines import across server processes (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let b: SiblingApp;
  const onA = (m: string = DEMO.gestorMultas) => t.as(m);
  const onB = (m: string = DEMO.gestorMultas) => b.as(m);
  const upload = async (on: Inject, rows: unknown[][]) => {
    const res = await on({
      method: 'POST',
      url: '/api/fines/import',
      payload: fileForm(await xlsxBuffer(rows), 'multas.xlsx'),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FineImportReading>();
  };
  const reading = (on: Inject, id: string) => on({ method: 'GET', url: `/api/fines/import/${id}/preview` });
  const status = (on: Inject, id: string) => on({ method: 'GET', url: `/api/fines/import/${id}` });
  const commit = (on: Inject, id: string) => on({ method: 'POST', url: `/api/fines/import/${id}/commit` });
  const cancel = (on: Inject, id: string) => on({ method: 'DELETE', url: `/api/fines/import/${id}` });
  /** Polls `ask` until its state is no longer `running`. */
  const until = async <T extends { state: string }>(
    ask: () => Promise<LightMyRequestResponse>,
    running: string,
  ) => {
    for (;;) {
      const res = await ask();
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<T>();
      if (body.state !== running) return body;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const importFiles = () => {
    const dir = path.join(t.dataDir, 'files', 'fine-imports');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  /** The records of `id` left: files under DATA_DIR/jobs (SQLite) or rows of job_records (PostgreSQL). */
  const recordsOf = async (kind: string, id: string) => {
    if (TEST_DIALECT === 'postgres') {
      const { rows } = await sql<{ id: string }>`select id from job_records
        where kind = ${kind} and id = ${id}`.execute(t.db);
      return rows.map((r) => `${kind}/${r.id}`);
    }
    const dir = path.join(t.dataDir, 'jobs', kind);
    return (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter((f) => f.startsWith(id));
  };
  /** A running record as a server that died left it: a dead pid (SQLite), a heartbeat long stopped (PostgreSQL). */
  const plantOrphan = async (kind: string, id: string, userId: number, data: object) => {
    if (TEST_DIALECT === 'postgres') {
      await sql`insert into job_records (kind, id, user_id, running, owner, heartbeat_at, data)
        values (${kind}, ${id}, ${userId}, true, 'um servidor que parou', now() - interval '1 hour',
          ${JSON.stringify(data)}::jsonb)`.execute(t.db);
      return;
    }
    const child = spawn(process.execPath, ['-e', '']);
    await once(child, 'exit');
    const owner = { pid: child.pid, token: randomUUID(), since: null };
    const dir = path.join(t.dataDir, 'jobs', kind);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, `${id}.json`),
      JSON.stringify({ userId, owner, running: true, expires: null, data }),
    );
  };
  const numbers = (prefix: string) => countImported(t.db, prefix);

  beforeAll(async () => {
    t = await buildTestApp();
    b = await buildSiblingApp(t);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('uploaded on A, read on B, committed on B, followed on A; a second commit finds nothing', async () => {
    const rows = penalties(1200, 'W', 4, (i) => 10 + i);
    const started = await upload(onA(), [HEADER, ...rows]);
    expect(started.state).toBe('reading');
    // The reading runs on A; B answers its progress and then its preview.
    const ready = await until<FineImportReading>(() => reading(onB(), started.importId), 'reading');
    expect(ready).toMatchObject({ state: 'ready', rows: 1200, preview: { added: 1200, refusedCount: 0 } });
    // Only its uploader, on either process.
    for (const on of [onA(DEMO.admin), onB(DEMO.admin)]) {
      expect((await reading(on, started.importId)).statusCode).toBe(404);
      expect((await commit(on, started.importId)).statusCode).toBe(404);
      expect((await cancel(on, started.importId)).statusCode).toBe(404);
    }

    const committed = await commit(onB(), started.importId);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toMatchObject({ state: 'running', total: 1200 });
    // Taken once: neither process commits it again, and its reading is gone on both.
    for (const on of [onA(), onB()]) {
      const again = await commit(on, started.importId);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: MSG.fineImportNotFound });
      expect((await reading(on, started.importId)).statusCode).toBe(404);
    }
    expect((await status(onA(DEMO.admin), started.importId)).statusCode).toBe(404);
    // The job runs on B; A answers its progress and its end.
    const end = await until<FineImportJob>(() => status(onA(), started.importId), 'running');
    expect(end).toEqual({
      importId: started.importId,
      state: 'done',
      written: 1200,
      total: 1200,
      added: 1200,
      updated: 0,
      unchanged: 0,
      message: MSG.fineImportDone(1200, 0, 0),
    });
    expect(await status(onB(), started.importId).then((r) => r.json())).toEqual(end);
    expect(await numbers('W')).toBe(1200);
    expect(importFiles()).toEqual([]);
  });

  it('two commits at once, one on each process: one starts the job, the other finds nothing', async () => {
    const started = await upload(onA(), [HEADER, ...penalties(30, 'Y', 2, (i) => 10 + i)]);
    await until<FineImportReading>(() => reading(onA(), started.importId), 'reading');
    const answers = await Promise.all([commit(onA(), started.importId), commit(onB(), started.importId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect(await until<FineImportJob>(() => status(onB(), started.importId), 'running')).toMatchObject({
      state: 'done',
      added: 30,
    });
    expect(await numbers('Y')).toBe(30);
  });

  it('a cancel sent to B stops the reading running on A, which keeps nothing of it', async () => {
    const rows = penalties(20_000, 'X', 5, () => 10);
    const earlier = importFiles();
    const started = await upload(onA(), [HEADER, ...rows]);
    // Still reading (on A) as B sees it.
    const seen = await reading(onB(), started.importId);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ state: 'reading' });
    const res = await cancel(onB(), started.importId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.fineImportCancelled });
    for (const on of [onA(), onB()]) {
      expect((await reading(on, started.importId)).statusCode).toBe(404);
      expect((await commit(on, started.importId)).statusCode).toBe(404);
    }
    // A's job saw the cancel: it removed the upload, the rows it kept and its own record.
    await expect
      .poll(
        async () => [
          ...importFiles().filter((f) => !earlier.includes(f)),
          ...(await recordsOf('fine-import-readings', started.importId)),
          ...(await recordsOf('fine-import-previews', started.importId)),
        ],
        { timeout: 20_000 },
      )
      .toEqual([]);
    expect(await numbers('X')).toBe(0);
  });

  it('a reading whose server died ends as failed, with a message that says so', async () => {
    const userId = await t.userId(DEMO.gestorMultas);
    const readId = randomUUID();
    await plantOrphan('fine-import-readings', readId, userId, {
      rows: 500,
      state: 'reading',
      message: '',
      preview: null,
      fileKey: `fine-imports/${readId}.xlsx`,
    });
    const read = await reading(onB(), readId);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({
      importId: readId,
      state: 'failed',
      rows: 500,
      message: MSG.fineImportReadInterrupted,
      preview: null,
    });
    // Nothing to cancel any more.
    expect((await cancel(onA(), readId)).statusCode).toBe(404);
  });

  // On PostgreSQL another server runs it again instead (test/jobs-servers.test.ts).
  it.runIf(TEST_DIALECT === 'sqlite')('a commit whose process died ends as failed (SQLite)', async () => {
    const userId = await t.userId(DEMO.gestorMultas);
    // Written as a version without `unchanged` left it (an upgrade restarts the servers).
    const jobId = randomUUID();
    await plantOrphan('fine-import-commits', jobId, userId, {
      view: {
        importId: jobId,
        state: 'running',
        written: 500,
        total: 900,
        added: 0,
        updated: 0,
        message: MSG.fineImportRunning(500, 900),
      },
      rowsKey: `fine-imports/${jobId}.xlsx.rows`,
    });
    const job = await status(onA(), jobId);
    expect(job.statusCode, job.body).toBe(200);
    expect(job.json()).toEqual({
      importId: jobId,
      state: 'failed',
      written: 0,
      total: 900,
      added: 0,
      updated: 0,
      unchanged: 0,
      message: MSG.fineImportFailed(MSG.fineImportWriteInterrupted),
    });
    // Still the uploader's only.
    expect((await status(onB(DEMO.admin), jobId)).statusCode).toBe(404);
  });
});
