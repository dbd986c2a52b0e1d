/**
 * `npm run bench:fines`: traffic fines on BENCH_FINES fines (100,000), beside the bare Fastify route
 * of the same run (ARCHITECTURE.md rule 9): the table's first page (all, filtered), the dashboard
 * aggregates (all, filtered), multas_geral.xlsx of every fine with the server's memory sampled
 * while it streams, and the import of a BENCH_FINES-row .xlsx of new fines (preview, then commit).
 *
 * Starts the real server on a fresh DATA_DIR (demo company seeded), adds the fines straight into
 * its database in batch inserts, then drives it with autocannon (bench/support). With
 * BENCH_DATABASE_URL set, the same runs on a scratch PostgreSQL database too.
 *
 * Settings: BENCH_FINES (100000), BENCH_CONNECTIONS (50; the dashboards 10), BENCH_DURATION s (10), BENCH_WARMUP s (2),
 * BENCH_DATABASE_URL (unset: SQLite only), BENCH_ONLY=dashboards | table | export | import (after
 * the fines' insert, only the dashboard aggregates, only the table's pages, only the export, or
 * only the import).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  FINE_FIELD_NAMES,
  FINE_FIELDS,
  type FineImportJob,
  type FineImportReading,
  LIST_PAGE_SIZE,
} from '@intranet/contracts';
import ExcelJS from 'exceljs';
import { nowIso } from '../apps/server/src/db/database.ts';
import { demoFines, loadFines } from '../apps/server/src/seed/demo-fines.ts';
import { openAppDatabase, settleAfterLoad, withApp } from './support/databases.ts';
import { type DatabaseKind, get, type Measurement, measureEach } from './support/measure.ts';
import { type RssSummary, sampleRss } from './support/memory.ts';
import { makeTempDir, runBench } from './support/processes.ts';
import { fmt, machine, markdownTable, printTable, writeResults } from './support/report.ts';
import { type AppServer, benchEveryDatabase, signIn } from './support/servers.ts';
import { LOAD, loadSettings, positive } from './support/settings.ts';

const FINES = positive('BENCH_FINES', 100_000);
// The dashboard's pass over the fines (filters the summary does not hold) is heavy: fewer connections
// than the lists' 50 (LOAD), which the table's pages are measured at.
const DASHBOARD_LOAD = loadSettings({ connections: 10, durationS: 10, warmupS: 2 });
const ONLY = process.env.BENCH_ONLY ?? '';
if (!['', 'dashboards', 'table', 'export', 'import'].includes(ONLY)) {
  throw new Error(`BENCH_ONLY=${ONLY}: dashboards, table, export or import`);
}
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function insertAll(app: AppServer): Promise<number> {
  const started = performance.now();
  const handle = openAppDatabase(app);
  try {
    await loadFines(handle.db, demoFines(FINES, { prefix: 'B' }), nowIso());
    // The export of all the fines measured the hint bits' writes before (databases.ts).
    await settleAfterLoad(handle);
  } finally {
    await handle.close();
  }
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write(`  ${app.database}: ${fmt(FINES)} fines inserted in ${seconds.toFixed(1)} s\n`);
  return seconds;
}

/**
 * Accents off: exceljs 4.4.0's streaming reader decodes each chunk on its own, so a two-byte
 * character cut by a chunk boundary reads as U+FFFD, and the import refuses that row
 * (decision 0074). The bench measures the import of a clean file.
 */
const TEXT = new Set<string>(FINE_FIELDS.filter((f) => f[1] === 'text').map((f) => f[0]));
/** Statuses without accents, for the same reason (each is a valid value of its list). */
const UNACCENTED: Record<string, string> = {
  STATUS_MULTA: 'Penalidade',
  STATUS_PAGMTO: 'Aguardando Boleto',
  PASSIVO_SIM_NAO: 'SIM',
};
const plain = (field: string, v: unknown) => {
  if (typeof v !== 'string') return v;
  if (TEXT.has(field)) return v.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return /[^\x20-\x7e]/.test(v) ? (UNACCENTED[field] ?? v) : v;
};

/** An .xlsx of FINES new fines (other auto numbers than the stored ones), headed by the field names. */
async function importFile(): Promise<string> {
  const file = path.join(makeTempDir('fines-import'), 'multas.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false });
  const sheet = workbook.addWorksheet('Multas');
  sheet.addRow(FINE_FIELD_NAMES).commit();
  for (const fine of demoFines(FINES, { prefix: 'I', seed: 12 })) {
    sheet.addRow(FINE_FIELD_NAMES.map((f) => plain(f, fine[f] ?? null))).commit();
  }
  await workbook.commit();
  return file;
}

interface ExportRun {
  database: DatabaseKind;
  rows: number;
  seconds: number;
  megabytes: number;
  serverRssMb: RssSummary | null;
}

async function benchExport(app: AppServer, database: DatabaseKind): Promise<ExportRun> {
  const headers = await signIn(app.base, '1009');
  const stopSampling = sampleRss(app.child);
  const started = performance.now();
  const res = await fetch(`${app.base}/api/fines/export`, { headers });
  if (!res.ok) throw new Error(`export answered ${res.status}`);
  const bytes = (await res.arrayBuffer()).byteLength;
  const seconds = (performance.now() - started) / 1000;
  return { database, rows: FINES, seconds, megabytes: bytes / 1e6, serverRssMb: stopSampling() };
}

interface ImportRun {
  database: DatabaseKind;
  rows: number;
  previewSeconds: number;
  commitSeconds: number;
  /** How long the commit request itself took (it starts the job). */
  commitAnswerMs: number;
  serverRssMb: RssSummary | null;
}

async function benchImport(app: AppServer, database: DatabaseKind, file: string): Promise<ImportRun> {
  const headers = await signIn(app.base, '1009');
  const stopSampling = sampleRss(app.child);
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(file)], { type: XLSX }), 'multas.xlsx');
  let started = performance.now();
  const res = await fetch(`${app.base}/api/fines/import`, { method: 'POST', headers, body: form }).catch(
    (err: unknown) => {
      throw new Error(
        `import preview: ${String(err)} after ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    },
  );
  if (!res.ok) throw new Error(`import preview answered ${res.status}: ${await res.text()}`);
  // The upload answers with the reading job; it is followed as the web does.
  let reading = (await res.json()) as FineImportReading;
  while (reading.state === 'reading') {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const poll = await fetch(`${app.base}/api/fines/import/${reading.importId}/preview`, { headers });
    if (!poll.ok) throw new Error(`import reading answered ${poll.status}: ${await poll.text()}`);
    reading = (await poll.json()) as FineImportReading;
  }
  if (!reading.preview) throw new Error(`import reading failed: ${reading.message}`);
  const preview = reading.preview;
  const previewSeconds = (performance.now() - started) / 1000;
  if (preview.added !== FINES || preview.refusedCount !== 0) {
    throw new Error(
      `unexpected preview: ${JSON.stringify({ ...preview, refused: preview.refused.slice(0, 3) })}`,
    );
  }
  // The commit starts the server's job and answers at once; the job is followed as the web does.
  started = performance.now();
  const url = `${app.base}/api/fines/import/${preview.importId}`;
  const answer = await fetch(`${url}/commit`, { method: 'POST', headers });
  if (!answer.ok) throw new Error(`import commit answered ${answer.status}: ${await answer.text()}`);
  const commitAnswerMs = performance.now() - started;
  let job = (await answer.json()) as FineImportJob;
  let polls = 0;
  while (job.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 500));
    // As the web does: a poll cut by the server's idle timeout (on SQLite it waits for the job's
    // transaction) is asked again.
    const res = await fetch(url, { headers }).catch((err: unknown) => {
      process.stderr.write(`  ${database}: import poll failed (${String(err)}), asking again\n`);
      return null;
    });
    polls++;
    if (!res) continue;
    if (!res.ok) throw new Error(`import status answered ${res.status}: ${await res.text()}`);
    job = (await res.json()) as FineImportJob;
  }
  if (job.state !== 'done' || job.added !== FINES) throw new Error(`import job: ${JSON.stringify(job)}`);
  const commitSeconds = (performance.now() - started) / 1000;
  process.stderr.write(
    `  ${database}: import commit answered in ${commitAnswerMs.toFixed(0)} ms, job done in ${commitSeconds.toFixed(1)} s (${polls} polls)\n`,
  );
  return {
    database,
    rows: FINES,
    previewSeconds,
    commitSeconds,
    commitAnswerMs,
    serverRssMb: stopSampling(),
  };
}

async function benchReads(app: AppServer, database: DatabaseKind): Promise<Measurement[]> {
  const h = await signIn(app.base, '1009');
  const filters = 'responsible=transp&STATUS_PAGMTO=Pagamento%20Realizado&from=2024-01-01&to=2024-12-31';
  const targets = [
    get(
      `fines: first page (${LIST_PAGE_SIZE}, newest)`,
      `${app.base}/api/fines?pageSize=${LIST_PAGE_SIZE}`,
      h,
    ),
    get('fines: first page, filtered', `${app.base}/api/fines?pageSize=${LIST_PAGE_SIZE}&${filters}`, h),
    get(
      'fines: first page, filtered, by carrier',
      `${app.base}/api/fines?pageSize=${LIST_PAGE_SIZE}&sort=TRANSP&dir=asc&${filters}`,
      h,
    ),
    get(
      'fines: first page, by carrier',
      `${app.base}/api/fines?pageSize=${LIST_PAGE_SIZE}&TRANSP=Translog%20Transportes%20Ltda`,
      h,
    ),
    // Each other filter of the bar alone, newest first (the ranges: period, plate, auto number).
    get(
      'fines: first page, one unit',
      `${app.base}/api/fines?pageSize=${LIST_PAGE_SIZE}&UNIDADE=Cama%C3%A7ari`,
      h,
    ),
    get(
      'fines: first page, one fine status',
      `${app.base}/api/fines?pageSize=${LIST_PAGE_SIZE}&STATUS_MULTA=Penalidade`,
      h,
    ),
    get(
      'fines: first page, paid',
      `${app.base}/api/fines?pageSize=${LIST_PAGE_SIZE}&STATUS_PAGMTO=Pagamento%20Realizado`,
      h,
    ),
    get(
      'fines: first page, ND status N/A',
      `${app.base}/api/fines?pageSize=${LIST_PAGE_SIZE}&STATUS_ND=N%2FA`,
      h,
    ),
    get(
      'fines: first page, period 2024',
      `${app.base}/api/fines?pageSize=${LIST_PAGE_SIZE}&from=2024-01-01&to=2024-12-31`,
      h,
    ),
    get('fines: first page, plate starting A', `${app.base}/api/fines?pageSize=${LIST_PAGE_SIZE}&PLACA=A`, h),
    get(
      'fines: first page, plate starting AB',
      `${app.base}/api/fines?pageSize=${LIST_PAGE_SIZE}&PLACA=AB`,
      h,
    ),
    get(
      'fines: first page, auto number starting B (all)',
      `${app.base}/api/fines?pageSize=${LIST_PAGE_SIZE}&NUMERO_AUTO=B`,
      h,
    ),
    get(
      'fines: first page, period 2024, by carrier',
      `${app.base}/api/fines?pageSize=${LIST_PAGE_SIZE}&sort=TRANSP&dir=asc&from=2024-01-01&to=2024-12-31`,
      h,
    ),
    get('dashboard aggregates: all', `${app.base}/api/fines/aggregates`, h),
    get(
      'dashboard aggregates: responsible + business',
      `${app.base}/api/fines/aggregates?responsible=transp&business=resinas`,
      h,
    ),
    get('dashboard aggregates: filtered (status + period)', `${app.base}/api/fines/aggregates?${filters}`, h),
    get('dashboard aggregates: one unit', `${app.base}/api/fines/aggregates?UNIDADE=Cama%C3%A7ari`, h),
    get(
      'dashboard aggregates: one fine status (half the fines)',
      `${app.base}/api/fines/aggregates?STATUS_MULTA=Penalidade`,
      h,
    ),
  ];
  const table = targets.filter((t) => t.endpoint.startsWith('fines:'));
  const dashboards = targets.filter((t) => t.endpoint.startsWith('dashboard'));
  return [
    ...(ONLY === 'dashboards' ? [] : await measureEach(table, database, app.child, LOAD)),
    ...(ONLY === 'table' ? [] : await measureEach(dashboards, database, app.child, DASHBOARD_LOAD)),
  ];
}

function benchDatabase(file: string | null) {
  return (database: DatabaseKind) =>
    withApp(database, 'fines', async (app) => {
      const insertSeconds = await insertAll(app);
      const exportRun = ONLY === '' || ONLY === 'export' ? await benchExport(app, database) : null;
      if (ONLY === 'export') return { insertSeconds, exportRun, importRun: null, rows: [] };
      const rows = ONLY === 'import' ? [] : await benchReads(app, database);
      if (!file) return { insertSeconds, exportRun, importRun: null, rows };
      // A failed import (e.g. a commit past the server's idle timeout) still leaves the reads' table.
      const importRun = await benchImport(app, database, file).catch((err: unknown) => {
        process.stderr.write(`  ${database}: import failed: ${String(err)}\n`);
        return null;
      });
      return { insertSeconds, exportRun, importRun, rows };
    });
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const info = machine();
  console.error(
    `fines bench: ${fmt(FINES)} fines, ${LOAD.connections} connections (dashboards ${DASHBOARD_LOAD.connections}), ${LOAD.warmupS} s warm-up + ` +
      `${LOAD.durationS} s per request; ${info.cpus} × ${info.cpuModel}, Node ${info.node}`,
  );
  const file = ONLY === '' || ONLY === 'import' ? await importFile() : null;
  const { rows, runs } = await benchEveryDatabase(LOAD, benchDatabase(file));
  const exports = runs.flatMap((r) => (r.exportRun ? [r.exportRun] : []));
  const imports = runs.flatMap((r) => (r.importRun ? [r.importRun] : []));
  const { file: written } = writeResults('fines', startedAt, {
    settings: { fines: FINES, ...LOAD, dashboardConnections: DASHBOARD_LOAD.connections },
    inserts: runs.map((r) => ({ database: r.database, seconds: r.insertSeconds })),
    results: rows,
    exports,
    imports,
  });
  const rss = (r: RssSummary | null) => (r ? `${r.start} / ${r.max} / ${r.end}` : '-');
  printTable(rows);
  console.log(
    `\n${markdownTable(
      ['database', 'multas_geral.xlsx rows', 'seconds', 'MB', 'server RSS MiB: before / max / after'],
      exports.map((e) => [
        e.database,
        fmt(e.rows),
        e.seconds.toFixed(1),
        e.megabytes.toFixed(1),
        rss(e.serverRssMb),
      ]),
    )}\n`,
  );
  console.log(
    `${markdownTable(
      [
        'database',
        'import rows',
        'preview s',
        'commit answer ms',
        'commit job s',
        'total s',
        'server RSS MiB: before / max / after',
      ],
      imports.map((i) => [
        i.database,
        fmt(i.rows),
        i.previewSeconds.toFixed(1),
        i.commitAnswerMs.toFixed(0),
        i.commitSeconds.toFixed(1),
        (i.previewSeconds + i.commitSeconds).toFixed(1),
        rss(i.serverRssMb),
      ]),
    )}\n`,
  );
  console.log(`written to ${written}`);
}

await runBench(main);
