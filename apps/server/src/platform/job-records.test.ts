import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { isJobId, type JobRecordsOptions, jobRecords, PROGRESS_INTERVAL_MS } from './job-records.ts';

interface Work {
  step: string;
  done: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pid of a process that has ended (a child started and waited for). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  if (child.pid === undefined) throw new Error('o processo filho não iniciou');
  return child.pid;
}

describe('job records shared through DATA_DIR (platform/job-records.ts)', () => {
  let dataDir: string;
  const forgotten: Work[] = [];
  const options = (more: Partial<JobRecordsOptions<Work>> = {}): JobRecordsOptions<Work> => ({
    kind: 'test-work',
    ttlMs: 60_000,
    orphaned: (w) => ({ ...w, step: 'interrompido' }),
    forget: async (w) => {
      forgotten.push(w);
    },
    ...more,
  });
  /** The records as one process (one app) sees them; each call is a fresh view of the same dir. */
  const records = (more?: Partial<JobRecordsOptions<Work>>, dir = dataDir) =>
    jobRecords<Work>({ config: loadConfig({ DATA_DIR: dir }) }, options(more));
  const dirOf = (dir = dataDir) => path.join(dir, 'jobs', 'test-work');
  const files = () => (fs.existsSync(dirOf()) ? fs.readdirSync(dirOf()).sort() : []);
  /** Rewrites a record's file as another process would have left it. */
  const edit = (id: string, change: (stored: Record<string, unknown>) => void) => {
    const file = path.join(dirOf(), `${id}.json`);
    const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
    change(stored);
    fs.writeFileSync(file, JSON.stringify(stored));
  };

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'job-records-'));
    forgotten.length = 0;
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('a kept record is read by any view of the same DATA_DIR, and by none of another', async () => {
    const id = randomUUID();
    await records().keep(id, 7, { step: 'pronto', done: 3 });
    expect(await records().read(id)).toEqual({
      id,
      userId: 7,
      running: false,
      data: { step: 'pronto', done: 3 },
    });
    expect(await records().read(randomUUID())).toBeUndefined();
    // Another app on another DATA_DIR does not see it.
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'job-records-'));
    try {
      expect(await records({}, other).read(id)).toBeUndefined();
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
    // Another kind of records under the same DATA_DIR does not either.
    expect(await records({ kind: 'other-work' }).read(id)).toBeUndefined();
    // Whole files only: no temporary file is left behind.
    expect(files()).toEqual([`${id}.json`]);
  });

  it('a running job writes its progress at most every interval, the latest last, then its end', async () => {
    const id = randomUUID();
    const job = await records().start(id, 7, { step: 'lendo', done: 0 });
    expect(await records().read(id)).toMatchObject({ running: true, data: { done: 0 } });
    const first = Date.now();
    job.progress({ step: 'lendo', done: 1 });
    await expect.poll(async () => (await records().read(id))?.data.done).toBe(1);
    // Within the interval after a write: only the latest is written, once the interval is over.
    for (let done = 2; done <= 50; done++) job.progress({ step: 'lendo', done });
    expect((await records().read(id))?.data.done).toBe(1);
    await expect.poll(async () => (await records().read(id))?.data.done).toBe(50);
    expect(Date.now() - first).toBeGreaterThanOrEqual(PROGRESS_INTERVAL_MS);
    // The end is written at once, and a late progress call does not undo it.
    job.progress({ step: 'lendo', done: 60 });
    await job.end({ step: 'pronto', done: 70 });
    job.progress({ step: 'lendo', done: 80 });
    await sleep(PROGRESS_INTERVAL_MS + 30);
    expect(await records().read(id)).toEqual({
      id,
      userId: 7,
      running: false,
      data: { step: 'pronto', done: 70 },
    });
  });

  it('a claim takes the record once, whichever process claims; another user claims nothing', async () => {
    const id = randomUUID();
    await records().keep(id, 7, { step: 'pronto', done: 3 });
    expect(await records().claim(id, 8)).toBeUndefined();
    expect(await records().read(id)).toBeDefined();
    const claims = await Promise.all(Array.from({ length: 8 }, () => records().claim(id, 7)));
    expect(claims.filter((c) => c !== undefined)).toEqual([
      { id, userId: 7, running: false, data: { step: 'pronto', done: 3 } },
    ]);
    expect(await records().claim(id, 7)).toBeUndefined();
    expect(await records().read(id)).toBeUndefined();
    expect(files()).toEqual([]);
  });

  it('a cancel from another view stops the job; its own progress writes do not undo it', async () => {
    const id = randomUUID();
    const job = await records().start(id, 7, { step: 'lendo', done: 0 });
    expect(await job.cancelled()).toBe(false);
    await records().cancel(id);
    expect(await job.cancelled()).toBe(true);
    // Gone for readers and claims at once, though the job still writes.
    expect(await records().read(id)).toBeUndefined();
    job.progress({ step: 'lendo', done: 500 });
    await sleep(30);
    expect(await records().read(id)).toBeUndefined();
    expect(await records().claim(id, 7)).toBeUndefined();
    expect(await job.cancelled()).toBe(true);
    await job.remove();
    expect(files()).toEqual([]);
  });

  it('a running record whose process is gone ends as orphaned says, and is swept later', async () => {
    const id = randomUUID();
    await records().start(id, 7, { step: 'lendo', done: 40 });
    const dead = await deadPid();
    edit(id, (stored) => {
      stored.owner = { ...(stored.owner as object), pid: dead };
    });
    expect(await records().read(id)).toEqual({
      id,
      userId: 7,
      running: false,
      data: { step: 'interrompido', done: 40 },
    });
    // Ended on disk too, so its expiry counts from now.
    await records().sweep(Date.now() + 1000);
    expect(await records().read(id)).toMatchObject({ data: { step: 'interrompido' } });
    await records().sweep(Date.now() + 61_000);
    expect(await records().read(id)).toBeUndefined();
    expect(forgotten).toEqual([{ step: 'interrompido', done: 40 }]);
  });

  it('a process given the pid of an earlier one (a restarted container) does not own its records', async () => {
    const id = randomUUID();
    await records().start(id, 7, { step: 'lendo', done: 1 });
    edit(id, (stored) => {
      stored.owner = { ...(stored.owner as object), token: randomUUID() };
    });
    expect(await records().read(id)).toMatchObject({ running: false, data: { step: 'interrompido' } });
  });

  it.runIf(fs.existsSync(`/proc/${process.pid}/stat`))(
    'a live pid started at another time is another process (Linux)',
    async () => {
      const id = randomUUID();
      await records().start(id, 7, { step: 'lendo', done: 1 });
      edit(id, (stored) => {
        stored.owner = { pid: process.ppid, token: randomUUID(), since: '1' };
      });
      expect(await records().read(id)).toMatchObject({ running: false, data: { step: 'interrompido' } });
      // The same live pid with its real start time still owns it.
      const live = randomUUID();
      await records().start(live, 7, { step: 'lendo', done: 1 });
      const stat = fs.readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
      const since = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      edit(live, (stored) => {
        stored.owner = { pid: process.ppid, token: randomUUID(), since };
      });
      expect(await records().read(live)).toMatchObject({ running: true, data: { step: 'lendo' } });
    },
  );

  it('the sweep removes expired records (forgotten first) and old left-overs, never a running job', async () => {
    const expired = randomUUID();
    const fresh = randomUUID();
    const running = randomUUID();
    await records({ ttlMs: 1 }).keep(expired, 7, { step: 'pronto', done: 1 });
    await records().keep(fresh, 7, { step: 'pronto', done: 2 });
    await records().start(running, 7, { step: 'lendo', done: 3 });
    await records().cancel(running);
    // A write and a claim cut short by the end of their process.
    fs.writeFileSync(path.join(dirOf(), `${fresh}.json.${randomUUID()}.tmp`), '{');
    fs.writeFileSync(path.join(dirOf(), `${fresh}.json.${randomUUID()}.taken`), '{}');
    await sleep(5);
    expect(await records().read(expired)).toBeUndefined();
    await records().sweep();
    expect(forgotten).toEqual([{ step: 'pronto', done: 1 }]);
    // Left-overs go once older than the records' lifetime.
    expect(files()).toHaveLength(5);
    await records().sweep(Date.now() + 61_000);
    expect(files()).toEqual([`${running}.cancel`, `${running}.json`]);
    expect(forgotten).toEqual([
      { step: 'pronto', done: 1 },
      { step: 'pronto', done: 2 },
    ]);
  });

  it('ids are UUIDs, checked before any path is built', async () => {
    expect(isJobId(randomUUID())).toBe(true);
    for (const bad of [
      '../../etc/passwd',
      '..',
      '',
      `${randomUUID()}/../x`,
      randomUUID().toUpperCase(),
      'a'.repeat(36),
    ])
      expect(isJobId(bad)).toBe(false);
    const outside = path.join(dataDir, 'jobs', 'secret.json');
    fs.mkdirSync(path.dirname(outside), { recursive: true });
    fs.writeFileSync(
      outside,
      JSON.stringify({ userId: 7, owner: null, running: false, expires: 1e15, data: {} }),
    );
    const r = records();
    expect(await r.read('../secret')).toBeUndefined();
    expect(await r.claim('../secret', 7)).toBeUndefined();
    await r.cancel('../secret');
    await r.remove('../secret');
    expect(fs.existsSync(outside)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'jobs', 'secret.cancel'))).toBe(false);
    await expect(r.keep('../secret', 7, { step: 'x', done: 0 })).rejects.toThrow();
    await expect(r.start('../secret', 7, { step: 'x', done: 0 })).rejects.toThrow();
    expect(() => records({ kind: '../other' })).toThrow();
  });
});
