/**
 * `npx tsx bench/tickets.bench.ts`: the open-calls list (Chamados Abertos) and its filters on
 * BENCH_CALLS calls (200,000), against the bare Fastify route of the same run (ARCHITECTURE.md
 * rule 9), plus one full dados.xlsx export with the server's memory sampled while it streams.
 *
 * Starts the real server on a fresh DATA_DIR (demo company seeded), adds the calls straight into
 * its database in batch inserts, then drives it with autocannon (bench/support). With
 * BENCH_DATABASE_URL set, the same runs on a scratch PostgreSQL database too.
 *
 * Settings: BENCH_CALLS (200000), BENCH_CONNECTIONS (50), BENCH_DURATION s (10), BENCH_WARMUP s (2),
 * BENCH_DATABASE_URL (unset: SQLite only).
 */
import { LIST_PAGE_SIZE } from '@intranet/contracts';
import { openAppDatabase, settleAfterLoad, withApp } from './support/databases.ts';
import { type DatabaseKind, get, type Measurement, measureEach } from './support/measure.ts';
import { type RssSummary, sampleRss } from './support/memory.ts';
import { runBench } from './support/processes.ts';
import { fmt, machine, markdownTable, printTable, writeResults } from './support/report.ts';
import { type AppServer, benchEveryDatabase, signIn } from './support/servers.ts';
import { LOAD, positive } from './support/settings.ts';
import { loadCalls } from './support/tickets-data.ts';

const CALLS = positive('BENCH_CALLS', 200_000);

async function insertCalls(app: AppServer): Promise<number> {
  const started = performance.now();
  const handle = openAppDatabase(app);
  try {
    await loadCalls(handle.db, CALLS);
    await settleAfterLoad(handle);
  } finally {
    await handle.close();
  }
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write(`  ${app.database}: ${fmt(CALLS)} calls inserted in ${seconds.toFixed(1)} s\n`);
  return seconds;
}

interface ExportRun {
  database: DatabaseKind;
  rows: number;
  seconds: number;
  megabytes: number;
  serverRssMb: RssSummary | null;
}

/** One full dados.xlsx of every call, read to the end, with the server's RSS sampled meanwhile. */
async function benchExport(app: AppServer, database: DatabaseKind): Promise<ExportRun> {
  const admin = await signIn(app.base, '1001');
  const stopSampling = sampleRss(app.child);
  const started = performance.now();
  const res = await fetch(`${app.base}/api/calls/export?scope=open`, { headers: admin });
  if (!res.ok) throw new Error(`export answered ${res.status}`);
  const bytes = (await res.arrayBuffer()).byteLength;
  const seconds = (performance.now() - started) / 1000;
  return { database, rows: CALLS, seconds, megabytes: bytes / 1e6, serverRssMb: stopSampling() };
}

/** A list cursor (platform/lists/paged-query.ts: the sort key values of the last row seen). */
const middle = (key: (string | number)[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

async function benchLists(app: AppServer, database: DatabaseKind): Promise<Measurement[]> {
  const admin = await signIn(app.base, '1001');
  const ti = await signIn(app.base, '1004');
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const list = (q: string) =>
    `${app.base}/api/calls?scope=open&pageSize=${LIST_PAGE_SIZE}${q ? `&${q}` : ''}`;
  const targets = [
    get(`open calls: admin, newest ${LIST_PAGE_SIZE} of all`, list(''), admin),
    get('open calls: TI support (one department)', list(''), ti),
    get('status Não atendido + last 30 days', list(`status=0&from=${day(30)}&to=${day(0)}`), admin),
    get('ticket = 123456', list('ticket=123456'), admin),
    get('name contains "silva"', list('name=silva'), admin),
    // The same text sorted by name: the bench's "silva" calls all come after 66,668 others by name,
    // beyond the walk of the name's index (platform/lists/walk.ts); platform/lists/skip.ts skips to them.
    get('name contains "silva", sorted by name', list('name=silva&sort=nome_usuario&dir=asc'), admin),
    // What the web asks as the table scrolls: the next page by cursor (here from the middle: name "M", then date and id).
    get(
      'sorted by name, next page by cursor',
      list(`sort=nome_usuario&dir=asc&cursor=${middle(['M', '', 0])}`),
      admin,
    ),
  ];
  return measureEach(targets, database, app.child, LOAD);
}

function benchDatabase(database: DatabaseKind) {
  return withApp(database, 'tickets', async (app) => {
    const insertSeconds = await insertCalls(app);
    // The export first: the server is idle and its memory not yet grown by the load tests.
    const exportRun = await benchExport(app, database);
    const rows = await benchLists(app, database);
    return { insertSeconds, exportRun, rows };
  });
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const info = machine();
  console.error(
    `tickets bench: ${fmt(CALLS)} calls, ${LOAD.connections} connections, ${LOAD.warmupS} s warm-up + ` +
      `${LOAD.durationS} s per request; ${info.cpus} × ${info.cpuModel}, Node ${info.node}`,
  );
  const { rows, runs } = await benchEveryDatabase(LOAD, benchDatabase);
  const exports = runs.map((r) => r.exportRun);
  const { file } = writeResults('tickets', startedAt, {
    settings: { calls: CALLS, ...LOAD },
    inserts: runs.map((r) => ({ database: r.database, seconds: r.insertSeconds })),
    results: rows,
    exports,
  });

  printTable(rows);
  console.log(
    `\n${markdownTable(
      ['database', 'dados.xlsx rows', 'seconds', 'MB', 'server RSS MiB: before / max / after'],
      exports.map((e) => [
        e.database,
        fmt(e.rows),
        e.seconds.toFixed(1),
        e.megabytes.toFixed(1),
        e.serverRssMb ? `${e.serverRssMb.start} / ${e.serverRssMb.max} / ${e.serverRssMb.end}` : '-',
      ]),
    )}\n`,
  );
  console.log(`written to ${file}`);
}

await runBench(main);
