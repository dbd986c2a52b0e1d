import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshPostgresUrl, TEST_DIALECT } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createJobHost, type JobHost } from './job-host.ts';
import { type JobRecordsOptions, jobRecords, PROGRESS_INTERVAL_MS } from './job-records.ts';

interface Work {
  step: string;
  done: number;
}

/** Decision 0127: on PostgreSQL the records are rows of job_records, one table for every server. */
describe.runIf(TEST_DIALECT === 'postgres')(
  'job records in PostgreSQL (platform/job-records-table.ts)',
  () => {
    let database: DatabaseHandle;
    /** Three servers: each app has its own host (owner, signal); the third one dies in a test. */
    let hosts: JobHost[];
    const forgotten: Work[] = [];
    const config = loadConfig({ DATA_DIR: '/nonexistent-job-records' });
    const options = (more: Partial<JobRecordsOptions<Work>> = {}): JobRecordsOptions<Work> => ({
      kind: 'test-work',
      ttlMs: 60_000,
      orphaned: (w) => ({ ...w, step: 'interrompido' }),
      forget: async (w) => {
        forgotten.push(w);
      },
      ...more,
    });
    /** The records as server `n` sees them. */
    const records = (more?: Partial<JobRecordsOptions<Work>>, n = 0) =>
      jobRecords<Work>({ config, db: database.db, dialect: 'postgres', jobs: hosts[n] }, options(more));
    /** A running record as a server that died leaves it: its heartbeat long stopped. */
    const silence = (id: string) =>
      sql`update job_records set heartbeat_at = now() - interval '1 hour' where id = ${id}`.execute(
        database.db,
      );
    const rows = async () =>
      (await sql<{ id: string }>`select id from job_records order by id`.execute(database.db)).rows.map(
        (r) => r.id,
      );

    beforeAll(async () => {
      database = openDatabase({ databaseUrl: await freshPostgresUrl(), sqliteFile: '' });
      await migrateToLatest(database.db);
    });
    beforeEach(async () => {
      await sql`delete from job_records`.execute(database.db);
      hosts = [createJobHost(), createJobHost(), createJobHost()];
      forgotten.length = 0;
    });
    afterAll(async () => {
      await database?.close();
    });

    it('a kept record is read by every server, claimed once by one of them, and by nobody else', async () => {
      const id = randomUUID();
      await records().keep(id, 7, { step: 'pronto', done: 3 });
      expect(await records({}, 1).read(id)).toEqual({
        id,
        userId: 7,
        running: false,
        data: { step: 'pronto', done: 3 },
      });
      expect(await records({ kind: 'other-work' }).read(id)).toBeUndefined();
      expect(await records().claim(id, 8)).toBeUndefined();
      const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => records({}, i % 2).claim(id, 7)));
      expect(claims.filter((c) => c !== undefined)).toHaveLength(1);
      expect(await records().read(id)).toBeUndefined();
      expect(await rows()).toEqual([]);
      for (const bad of ['../x', '', randomUUID().toUpperCase()])
        expect(await records().read(bad)).toBeUndefined();
      await expect(records().keep('../x', 7, { step: 'x', done: 0 })).rejects.toThrow();
    });

    it('progress at most every interval, the latest last; the end at once; a cancel the job cannot undo', async () => {
      const id = randomUUID();
      const job = await records().start(id, 7, { step: 'lendo', done: 0 });
      job.progress({ step: 'lendo', done: 1 });
      await expect.poll(async () => (await records({}, 1).read(id))?.data.done).toBe(1);
      const after = Date.now();
      for (let done = 2; done <= 50; done++) job.progress({ step: 'lendo', done });
      await expect.poll(async () => (await records({}, 1).read(id))?.data.done).toBe(50);
      expect(Date.now() - after).toBeGreaterThanOrEqual(PROGRESS_INTERVAL_MS - 50);
      await job.end({ step: 'pronto', done: 70 });
      job.progress({ step: 'lendo', done: 80 });
      expect(await records({}, 1).read(id)).toEqual({
        id,
        userId: 7,
        running: false,
        data: { step: 'pronto', done: 70 },
      });

      const other = randomUUID();
      const cancelled = await records().start(other, 7, { step: 'lendo', done: 0 });
      await records({}, 1).cancel(other);
      expect(await cancelled.cancelled()).toBe(true);
      cancelled.progress({ step: 'lendo', done: 500 });
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(await records().read(other)).toBeUndefined();
      expect(await cancelled.cancelled()).toBe(true);
      await cancelled.remove();
      expect(await rows()).toEqual([id]);
    });

    it('a running record whose heartbeat stopped ends as orphaned says, and is swept later; a live one stays', async () => {
      const dead = randomUUID();
      const live = randomUUID();
      await records().start(dead, 7, { step: 'lendo', done: 40 });
      const job = await records().start(live, 7, { step: 'lendo', done: 1 });
      await silence(dead);
      expect(await records({}, 1).read(dead)).toEqual({
        id: dead,
        userId: 7,
        running: false,
        data: { step: 'interrompido', done: 40 },
      });
      expect(await records({}, 1).read(live)).toMatchObject({ running: true, data: { step: 'lendo' } });
      await records().sweep(Date.now() + 1000);
      expect(await records().read(dead)).toBeDefined();
      await records().sweep(Date.now() + 61_000);
      expect(await rows()).toEqual([live]);
      expect(forgotten).toEqual([{ step: 'interrompido', done: 40 }]);
      // The job of a server that stops (its close) gives its record up at once.
      await job.release();
      expect(await records().read(live)).toMatchObject({ running: false, data: { step: 'interrompido' } });
    });

    it('a resumable job whose server died is adopted by one live server, and runs there to its end', async () => {
      const id = randomUUID();
      const resumable = { resumable: true };
      // Started on the server that dies: the two that live race for it.
      const first = await records(resumable, 2).start(id, 7, { step: 'gravando', done: 500 });
      // Alive: nobody takes it.
      expect(await records(resumable, 1).adopt()).toBeUndefined();
      await silence(id);
      // Still running for readers: it waits for a server to run it again.
      expect(await records(resumable, 1).read(id)).toMatchObject({ running: true, data: { done: 500 } });
      const adopted = await Promise.all([records(resumable, 0).adopt(), records(resumable, 1).adopt()]);
      const won = adopted.filter((a) => a !== undefined);
      expect(won).toHaveLength(1);
      expect(won[0]!.record).toEqual({ id, userId: 7, running: true, data: { step: 'gravando', done: 500 } });
      const again = won[0]!.job;
      // The first owner's late writes no longer land; the new owner's do.
      first.progress({ step: 'gravando', done: 900 });
      again.progress({ step: 'gravando', done: 100 });
      await expect.poll(async () => (await records().read(id))?.data.done).toBe(100);
      await new Promise((resolve) => setTimeout(resolve, PROGRESS_INTERVAL_MS + 50));
      expect((await records().read(id))?.data.done).toBe(100);

      // Its end noted inside its own transaction: seen by a later run once committed, never by readers.
      await database.db
        .transaction()
        .execute(async (tx) => {
          await again.commitIn(tx, { step: 'pronto', done: 1 });
          expect(await again.committedIn(tx)).toEqual({ step: 'pronto', done: 1 });
          throw new Error('desfeito');
        })
        .catch(() => undefined);
      expect(await database.db.transaction().execute((tx) => again.committedIn(tx))).toBeUndefined();
      await database.db.transaction().execute((tx) => again.commitIn(tx, { step: 'pronto', done: 1000 }));
      expect(await database.db.transaction().execute((tx) => again.committedIn(tx))).toEqual({
        step: 'pronto',
        done: 1000,
      });
      expect(await records().read(id)).toMatchObject({ running: true, data: { done: 100 } });
      await again.end({ step: 'pronto', done: 1000 });
      expect(await records().read(id)).toMatchObject({
        running: false,
        data: { step: 'pronto', done: 1000 },
      });
      // An ended record is never adopted; a released running one is, at once.
      expect(await records(resumable, 1).adopt()).toBeUndefined();
      const handed = randomUUID();
      await (await records(resumable).start(handed, 7, { step: 'gravando', done: 0 })).release();
      expect((await records(resumable, 1).adopt())?.record.id).toBe(handed);
    });
  },
);
