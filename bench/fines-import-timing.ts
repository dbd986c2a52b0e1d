/**
 * `npx tsx bench/fines-import-timing.ts`: the fines import's COMMIT (fines.import.ts#writeImport,
 * what the commit job runs) timed in process, without HTTP or the spreadsheet: TIMING_IMPORT
 * (100,000) generated rows kept as the preview keeps them (platform/row-spool.ts), then written on
 * a database that already holds TIMING_FINES (100,000) fines, in three runs:
 * - `new`: every row a new fine;
 * - `same`: the same rows again (all known, nothing changed: nothing written but the audit);
 * - `changed`: the same auto numbers with other values (every row an update).
 * TIMING_RUNS=new,changed picks runs. Prints each run's seconds, the process's CPU seconds (SQLite
 * runs in the process), on PostgreSQL also the CPU seconds of the database's server processes
 * (read from /proc when the server runs on this machine), and the load average (the machine is
 * shared), and the process's memory during the run (RSS before / peak / after, peak of the V8
 * heap in use). Run with `node --cpu-prof --import tsx …` for the profile.
 *
 * SQLite: a template file (migrated, demo company, TIMING_FINES fines) is made once under
 * TIMING_DIR (default /tmp/fines-import-timing) and copied for each start, so every start is the
 * same database. TIMING_DATABASE_URL runs on that PostgreSQL database instead: its schema is
 * migrated, filled when it holds fewer than TIMING_FINES bench fines, and the fines a previous run
 * imported are deleted first (it is changed: use a database of your own).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { type Db, nowIso, openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { BATCH, type GoodRow, writeImport } from '../apps/server/src/modules/fines/fines.import.ts';
import { RowSpool, readSpool } from '../apps/server/src/platform/row-spool.ts';
import { demoFines, loadFines } from '../apps/server/src/seed/demo-fines.ts';
import { seedDemo } from '../apps/server/src/seed/demo-seed.ts';
import { ensureReferenceData } from '../apps/server/src/seed/reference-data.ts';
import { createLocalStorage } from '../apps/server/src/storage/local-storage.ts';
import { positive } from './support/settings.ts';

const FINES = positive('TIMING_FINES', 100_000);
const ROWS = positive('TIMING_IMPORT', 100_000);
const RUNS = (process.env.TIMING_RUNS ?? 'new,same,changed').split(',');
const dir = process.env.TIMING_DIR ?? path.join(os.tmpdir(), 'fines-import-timing');
const url = process.env.TIMING_DATABASE_URL;
fs.mkdirSync(dir, { recursive: true });
const storage = createLocalStorage(path.join(dir, 'files'));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * CPU seconds used so far by the server processes of PostgreSQL database `url` on this machine
 * (`postgres: <user> <database> …` in /proc), or null when there are none to read.
 */
function serverCpu(): number | null {
  if (!url) return null;
  const { username, pathname } = new URL(url);
  const title = `postgres: ${username || 'postgres'} ${pathname.slice(1)} `;
  let ticks = 0;
  let found = false;
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(title)) continue;
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      found = true;
    } catch {
      // The process ended meanwhile.
    }
  }
  return found ? ticks / 100 : null;
}

async function fill(db: Db): Promise<void> {
  await migrateToLatest(db);
  const users = await db.selectFrom('users').select('id').limit(1).execute();
  if (users.length === 0) {
    await ensureReferenceData(db, { itEmail: undefined });
    await seedDemo(db, storage);
  }
  const stored = await db
    .selectFrom('fines')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('NUMERO_AUTO', 'like', 'B%')
    .executeTakeFirstOrThrow();
  if (Number(stored.n) === FINES) return;
  const started = performance.now();
  await db.deleteFrom('fines').where('NUMERO_AUTO', 'like', 'B%').execute();
  await loadFines(db, demoFines(FINES, { prefix: 'B' }), nowIso());
  console.log(`${FINES} fines inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The database of this start: a copy of the SQLite template, or the PostgreSQL database cleaned. */
async function open(): Promise<Db> {
  if (url) {
    const handle = openDatabase({ databaseUrl: url, sqliteFile: '' });
    await fill(handle.db);
    await handle.db.deleteFrom('fines').where('NUMERO_AUTO', 'like', 'I%').execute();
    await sql`vacuum analyze`.execute(handle.db);
    return handle.db;
  }
  const template = path.join(dir, `template-${FINES}.sqlite`);
  if (!fs.existsSync(template)) {
    const handle = openDatabase({ sqliteFile: `${template}.new` });
    await fill(handle.db);
    await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
    await handle.close();
    fs.renameSync(`${template}.new`, template);
  }
  const file = path.join(dir, 'run.sqlite');
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  fs.copyFileSync(template, file);
  const handle = openDatabase({ sqliteFile: file });
  await migrateToLatest(handle.db);
  return handle.db;
}

/** The rows as the preview keeps them. */
async function spool(seed: number): Promise<string> {
  const out = new RowSpool<GoodRow>(storage);
  let batch: GoodRow[] = [];
  let line = 1;
  for (const values of demoFines(ROWS, { prefix: 'I', seed })) {
    batch.push({ line: ++line, values: { ...values, NUMERO_AUTO: String(values.NUMERO_AUTO) } });
    if (batch.length === BATCH) {
      await out.write(batch);
      batch = [];
    }
  }
  await out.write(batch);
  const key = `fine-imports/timing-${seed}.rows`;
  await out.keep(key);
  return key;
}

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

/**
 * The process's memory while `run` goes: RSS before, its peak (Linux's VmHWM, reset first through
 * /proc/self/clear_refs, so a long SQLite statement that blocks the sampler still counts) and
 * after, and the peak of the V8 heap in use sampled every 20 ms.
 */
async function measured<T>(run: () => Promise<T>): Promise<{ value: T; memory: string }> {
  const status = () => fs.readFileSync('/proc/self/status', 'utf8');
  const kb = (key: string) =>
    Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status())?.[1] ?? 0) * 1024;
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux: the peak is then the process's since it started.
  }
  const before = process.memoryUsage();
  let heapPeak = before.heapUsed;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 20);
  try {
    const value = await run();
    const peak = kb('VmHWM');
    return {
      value,
      memory:
        `RSS ${mib(before.rss)} → peak ${mib(peak)} (+${mib(peak - before.rss)}) → ${mib(process.memoryUsage.rss())} MiB, ` +
        `heap used ${mib(before.heapUsed)} → peak ${mib(heapPeak)} MiB`,
    };
  } finally {
    clearInterval(sampler);
  }
}

const db = await open();
const user = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
const keys = { 12: await spool(12), 13: await spool(13) };
console.log(`${url ? 'postgres' : 'sqlite'}: ${FINES} fines stored, ${ROWS} rows to import`);
for (const run of RUNS) {
  const key = run === 'changed' ? keys[13] : keys[12];
  const cpu = process.cpuUsage();
  const server = serverCpu();
  const started = performance.now();
  const { value: done, memory } = await measured(() =>
    writeImport(db, user.id, 'timing.xlsx', readSpool<GoodRow>(storage, key, BATCH)),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const serverNow = serverCpu();
  const serverUsed =
    server !== null && serverNow !== null ? `, PostgreSQL CPU ${(serverNow - server).toFixed(1)} s` : '';
  console.log(
    `${run}: ${seconds.toFixed(1)} s (process CPU ${((used.user + used.system) / 1e6).toFixed(1)} s${serverUsed}), ` +
      `added ${done.added}, updated ${done.updated}; ${memory}; load average ${load()}`,
  );
}
for (const key of Object.values(keys)) await storage.delete(key);
await db.destroy();
