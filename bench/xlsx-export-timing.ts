/**
 * `npx tsx bench/xlsx-export-timing.ts`: multas_geral.xlsx timed in process, without HTTP, so the
 * figures hold on a busy machine and split where the time goes. A temporary SQLite file of
 * TIMING_FINES (100,000) generated fines (the bench's `demoFines`), kept in TIMING_DIR
 * (/tmp/xlsx-export-timing) between runs since inserting them takes a minute or two, then:
 * - `read`: the export's rows alone (fines.export.ts#fineSheetRows: array rows read into a
 *   FineRow, nothing written);
 * - `write`: the spreadsheet writer alone (platform/xlsx-stream.ts), fed the same rows from memory;
 * - `export`: the real service (fines.export.ts#finesSpreadsheet: rows read and written).
 * Each reports seconds (and the process's CPU seconds: zlib's threads count too), bytes and the process RSS before and at its peak (sampled every 20 ms),
 * with the V8 heap's and the external (Buffer) memory's peaks.
 * TIMING_ONLY=read|write|export runs one of them; TIMING_UNSTYLED=1 writes `write` without styles.
 * TIMING_DATABASE_URL runs on that PostgreSQL database instead (migrated, and filled with the
 * fines when it holds none).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FINE_COLUMNS, type FineRow } from '@intranet/contracts';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { nowIso, openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { fineSheetRows, finesSpreadsheet } from '../apps/server/src/modules/fines/fines.export.ts';
import { xlsxStream } from '../apps/server/src/platform/xlsx-stream.ts';
import { demoFines, loadFines } from '../apps/server/src/seed/demo-fines.ts';
import { positive } from './support/settings.ts';

const FINES = positive('TIMING_FINES', 100_000);
const DIR = process.env.TIMING_DIR || path.join(os.tmpdir(), 'xlsx-export-timing');
const ONLY = process.env.TIMING_ONLY ?? '';
const STYLED = process.env.TIMING_UNSTYLED !== '1';
const URL = process.env.TIMING_DATABASE_URL;
const MiB = 1024 * 1024;
const log = Fastify({ logger: { level: 'warn' } }).log;

/** Runs `work`, sampling the RSS; answers seconds, RSS before and peak (MiB). */
async function measure(name: string, work: () => Promise<number>) {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  let heapPeak = 0;
  let externalPeak = 0;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapTotal);
    externalPeak = Math.max(externalPeak, m.external);
  }, 20);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const bytes = await work();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  const heap = process.memoryUsage().heapUsed / MiB;
  console.log(
    `${name.padEnd(28)} ${seconds.toFixed(1).padStart(6)} s (CPU ${cpuSeconds.toFixed(1)} s)  ${(bytes / MiB).toFixed(1).padStart(6)} MiB out  ` +
      `RSS ${(before / MiB).toFixed(0)} → peak ${(peak / MiB).toFixed(0)} MiB (+${((peak - before) / MiB).toFixed(0)}), ` +
      `heap total peak ${(heapPeak / MiB).toFixed(0)}, external peak ${(externalPeak / MiB).toFixed(0)}, heap used after ${heap.toFixed(0)} MiB`,
  );
}

/** A sink that counts what the spreadsheet stream hands it. */
function counter() {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  return { sink, bytes: () => bytes };
}

async function main() {
  fs.mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, `fines-${FINES}.sqlite`);
  const handle = openDatabase({ sqliteFile: file, databaseUrl: URL });
  const db = handle.db;
  const fresh = URL ? true : !fs.existsSync(file);
  if (URL) await migrateToLatest(db);
  const stored = fresh
    ? await db
        .selectFrom('fines')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirst()
        .catch(() => undefined)
    : undefined;
  if (fresh && !Number(stored?.n ?? 0)) {
    const started = performance.now();
    await migrateToLatest(db);
    await loadFines(db, demoFines(FINES, { prefix: 'X' }), nowIso());
    if (URL) await sql`analyze`.execute(db);
    console.log(
      `${FINES} fines inserted in ${((performance.now() - started) / 1000).toFixed(1)} s (${file})`,
    );
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${FINES} fines; ${URL ? 'PostgreSQL' : file}`,
  );

  if (!ONLY || ONLY === 'read') {
    await measure('read rows (no writing)', async () => {
      let n = 0;
      for await (const batch of fineSheetRows(db, {})) for (const _ of batch) n++;
      if (n !== FINES) throw new Error(`read ${n} rows`);
      return 0;
    });
  }
  if (!ONLY || ONLY === 'write') {
    const rows: FineRow[] = [];
    for await (const batch of fineSheetRows(db, {})) for (const row of batch) rows.push({ ...row });
    async function* batches() {
      for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000);
    }
    await measure(`write only (${STYLED ? 'styled' : 'unstyled'})`, async () => {
      const out = counter();
      await pipeline(
        xlsxStream({ sheetName: 'Multas', columns: FINE_COLUMNS, batches: batches(), log, styled: STYLED }),
        out.sink,
      );
      return out.bytes();
    });
    rows.length = 0;
  }
  if (!ONLY || ONLY === 'export') {
    await measure('export (service: read + write)', async () => {
      const out = counter();
      await pipeline(finesSpreadsheet(db, {}, log), out.sink);
      return out.bytes();
    });
  }
  await handle.close();
}

await main();
