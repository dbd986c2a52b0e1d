/**
 * `npm run bench:purchases`: the received purchases list (SOLICITAÇÕES DE COMPRAS) — first page,
 * the side filter bar's filters, the text search, "aguardando minha aprovação" — and a request's
 * detail, on BENCH_PURCHASES requests (50,000), against the bare Fastify route of the same run
 * (ARCHITECTURE.md rule 9).
 *
 * Starts the real server on a fresh DATA_DIR (demo company seeded), adds the requests straight into
 * its database in batch inserts (their sectors too, as opening a request does), then drives it with
 * autocannon (bench/support). With BENCH_DATABASE_URL set, the same runs on a scratch PostgreSQL
 * database too.
 *
 * Settings: BENCH_PURCHASES (50000), BENCH_CONNECTIONS (50), BENCH_DURATION s (10), BENCH_WARMUP s (2),
 * BENCH_DATABASE_URL (unset: SQLite only).
 */
import { LIST_PAGE_SIZE } from '@intranet/contracts';
import { openAppDatabase, settleAfterLoad, withApp } from './support/databases.ts';
import { type DatabaseKind, get, type Measurement, measureEach } from './support/measure.ts';
import { runBench } from './support/processes.ts';
import { loadPurchases } from './support/purchases-data.ts';
import { fmt, machine, printTable, writeResults } from './support/report.ts';
import { type AppServer, benchEveryDatabase, signIn } from './support/servers.ts';
import { LOAD, positive } from './support/settings.ts';

const REQUESTS = positive('BENCH_PURCHASES', 50_000);

async function insertRequests(app: AppServer): Promise<number> {
  const started = performance.now();
  const handle = openAppDatabase(app);
  try {
    await loadPurchases(handle.db, REQUESTS);
    await settleAfterLoad(handle);
  } finally {
    await handle.close();
  }
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write(`  ${app.database}: ${fmt(REQUESTS)} requests inserted in ${seconds.toFixed(1)} s\n`);
  return seconds;
}

async function benchLists(app: AppServer, database: DatabaseKind): Promise<Measurement[]> {
  const admin = await signIn(app.base, '1001');
  const compras = await signIn(app.base, '1002');
  const director = await signIn(app.base, '1006');
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const list = (q: string) =>
    `${app.base}/api/purchases?scope=received&pageSize=${LIST_PAGE_SIZE}${q ? `&${q}` : ''}`;
  const some = Math.floor(REQUESTS / 2);
  const targets = [
    get(`received: Compras, newest ${LIST_PAGE_SIZE} of all`, list(''), compras),
    get('filter: status 3 + Matriz + compra', list('status=3&filial=Matriz&typerequest=compra'), compras),
    get(
      'filter: sector Recursos Humanos + last 90 days',
      list(`setor=Recursos%20Humanos&from=${day(90)}&to=${day(0)}`),
      compras,
    ),
    get('filter: priority Alta, sorted by quantity', list('priority=1&sort=qnt&dir=asc'), compras),
    get('search: "cadeira"', list('q=cadeira'), compras),
    get('search: "ergonomica 4" (no accent)', list('q=ergonomica%204'), compras),
    get('waiting for me: director', list('waiting=1'), director),
    get(`detail: GET /api/purchases/${some}`, `${app.base}/api/purchases/${some}`, admin),
  ];
  return measureEach(targets, database, app.child, LOAD);
}

function benchDatabase(database: DatabaseKind) {
  return withApp(database, 'purchases', async (app) => {
    const insertSeconds = await insertRequests(app);
    const rows = await benchLists(app, database);
    return { insertSeconds, rows };
  });
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const info = machine();
  console.error(
    `purchases bench: ${fmt(REQUESTS)} requests, ${LOAD.connections} connections, ${LOAD.warmupS} s warm-up + ` +
      `${LOAD.durationS} s per request; ${info.cpus} × ${info.cpuModel}, Node ${info.node}`,
  );
  const { rows, runs } = await benchEveryDatabase(LOAD, benchDatabase);
  const { file } = writeResults('purchases', startedAt, {
    settings: { requests: REQUESTS, ...LOAD },
    inserts: runs.map((r) => ({ database: r.database, seconds: r.insertSeconds })),
    results: rows,
  });
  printTable(rows);
  console.log(`written to ${file}`);
}

await runBench(main);
