/**
 * `npm run bench:pendencias`: Minhas pendências (issue 35) on the 10× data sets of the other
 * benches — BENCH_CALLS calls (200,000), BENCH_PURCHASES purchase requests (50,000) and BENCH_FINES
 * fines (100,000) on top of the demo company — its first page, a page by cursor and the header's
 * count, for the people whose queues are longest (the administrator attends every department and
 * acts at every purchase stage; Compras; the director), against the bare Fastify route of the same
 * run (ARCHITECTURE.md rule 9). With BENCH_DATABASE_URL set, on a scratch PostgreSQL database too.
 *
 * Settings: BENCH_CALLS, BENCH_PURCHASES, BENCH_FINES, BENCH_CONNECTIONS (50), BENCH_DURATION s (10),
 * BENCH_WARMUP s (2), BENCH_DATABASE_URL (unset: SQLite only).
 */
import { LIST_PAGE_SIZE } from '@intranet/contracts';
import { withApp } from './support/databases.ts';
import { type DatabaseKind, get, type Measurement, measureEach } from './support/measure.ts';
import { loadMixed, MIXED } from './support/mixed-data.ts';
import { runBench } from './support/processes.ts';
import { fmt, machine, printTable, writeResults } from './support/report.ts';
import { type AppServer, benchEveryDatabase, expectJson, signIn } from './support/servers.ts';
import { LOAD } from './support/settings.ts';

const { calls: CALLS, purchases: PURCHASES, fines: FINES } = MIXED;

async function benchInbox(app: AppServer, database: DatabaseKind): Promise<Measurement[]> {
  const admin = await signIn(app.base, '1001');
  const compras = await signIn(app.base, '1002');
  const director = await signIn(app.base, '1006');
  const multas = await signIn(app.base, '1009');
  const list = (q = '') => `${app.base}/api/pendencias?pageSize=${LIST_PAGE_SIZE}${q}`;
  const first = await expectJson(await fetch(list(), { headers: admin }), 'pendências do administrador');
  const cursor = encodeURIComponent(String(first.nextCursor ?? ''));
  const targets = [
    get(`pendências: admin, newest ${LIST_PAGE_SIZE} of all kinds`, list(), admin),
    get('pendências: admin, next page by cursor', list(`&cursor=${cursor}`), admin),
    get(`pendências: Compras, newest ${LIST_PAGE_SIZE}`, list(), compras),
    get(`pendências: director, newest ${LIST_PAGE_SIZE}`, list(), director),
    get(`pendências: Gestão de Multas, newest ${LIST_PAGE_SIZE}`, list(), multas),
    get('pendências: the bell’s count (admin)', `${app.base}/api/pendencias/count`, admin),
  ];
  return measureEach(targets, database, app.child, LOAD);
}

function benchDatabase(database: DatabaseKind) {
  return withApp(database, 'pendencias', async (app) => {
    const loadSeconds = await loadMixed(app);
    const rows = await benchInbox(app, database);
    return { loadSeconds, rows };
  });
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const info = machine();
  console.error(
    `pendências bench: ${fmt(CALLS)} calls, ${fmt(PURCHASES)} requests, ${fmt(FINES)} fines, ` +
      `${LOAD.connections} connections, ${LOAD.warmupS} s warm-up + ${LOAD.durationS} s per request; ` +
      `${info.cpus} × ${info.cpuModel}, Node ${info.node}`,
  );
  const { rows, runs } = await benchEveryDatabase(LOAD, benchDatabase);
  const { file } = writeResults('pendencias', startedAt, {
    settings: { calls: CALLS, purchases: PURCHASES, fines: FINES, ...LOAD },
    inserts: runs.map((r) => ({ database: r.database, seconds: r.loadSeconds })),
    results: rows,
  });
  printTable(rows);
  console.log(`written to ${file}`);
}

await runBench(main);
