/**
 * `npx tsx bench/xlsx-export-timing.ts`: multas_geral.xlsx timed in process, without HTTP, so the
 * figures hold on a busy machine and split where the time goes. A temporary SQLite file of
 * TIMING_FINES (100,000) generated fines (the bench's `demoFines`), kept in TIMING_DIR
 * (/tmp/xlsx-export-timing) between runs since inserting them takes a minute or two, then:
 * - `read`: the export's rows alone (fines.queries.ts#fineBatches + toFineRow, nothing written);
 * - `write`: the spreadsheet writer alone (platform/xlsx-stream.ts), fed the same rows from memory;
 * - `export`: the real service (fines.export.ts#finesSpreadsheet: rows read and written).
 * Each reports seconds, bytes and the process RSS before and at its peak (sampled every 20 ms).
 * TIMING_ONLY=read|write|export runs one of them; TIMING_UNSTYLED=1 writes `write` without styles.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FINE_COLUMNS, type FineRow } from '@intranet/contracts';
import Fastify from 'fastify';
import { nowIso, openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { finesSpreadsheet } from '../apps/server/src/modules/fines/fines.export.ts';
import { fineBatches, toFineRow } from '../apps/server/src/modules/fines/fines.queries.ts';
import { xlsxStream } from '../apps/server/src/platform/xlsx-stream.ts';
import { demoFines, insertFines } from '../apps/server/src/seed/demo-fines.ts';
import { positive } from './support/settings.ts';

const FINES = positive('TIMING_FINES', 100_000);
const DIR = process.env.TIMING_DIR || path.join(os.tmpdir(), 'xlsx-export-timing');
const ONLY = process.env.TIMING_ONLY ?? '';
const STYLED = process.env.TIMING_UNSTYLED !== '1';
const MiB = 1024 * 1024;
const log = Fastify({ logger: { level: 'warn' } }).log;

/** Runs `work`, sampling the RSS; answers seconds, RSS before and peak (MiB). */
async function measure(name: string, work: () => Promise<number>) {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  const bytes = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  const heap = process.memoryUsage().heapUsed / MiB;
  console.log(
    `${name.padEnd(28)} ${seconds.toFixed(1).padStart(6)} s  ${(bytes / MiB).toFixed(1).padStart(6)} MiB out  ` +
      `RSS ${(before / MiB).toFixed(0)} → peak ${(peak / MiB).toFixed(0)} MiB (+${((peak - before) / MiB).toFixed(0)}), heap after ${heap.toFixed(0)} MiB`,
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
  const fresh = !fs.existsSync(file);
  const handle = openDatabase({ sqliteFile: file });
  const db = handle.db;
  if (fresh) {
    const started = performance.now();
    await migrateToLatest(db);
    await db.transaction().execute((tx) => insertFines(tx, demoFines(FINES, { prefix: 'X' }), nowIso()));
    console.log(
      `${FINES} fines inserted in ${((performance.now() - started) / 1000).toFixed(1)} s (${file})`,
    );
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${FINES} fines; ${file}`,
  );

  if (!ONLY || ONLY === 'read') {
    await measure('read rows (no writing)', async () => {
      let n = 0;
      for await (const batch of fineBatches(db, {})) n += batch.map(toFineRow).length;
      if (n !== FINES) throw new Error(`read ${n} rows`);
      return 0;
    });
  }
  if (!ONLY || ONLY === 'write') {
    const rows: FineRow[] = [];
    for await (const batch of fineBatches(db, {})) rows.push(...batch.map(toFineRow));
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
