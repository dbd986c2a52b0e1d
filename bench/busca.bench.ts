/**
 * `npm run bench:busca`: one search (issue 35) on the 10× data sets of the other benches —
 * BENCH_CALLS calls (200,000), BENCH_PURCHASES purchase requests (50,000) and BENCH_FINES fines
 * (100,000) on top of the demo company — a common word (in tens of thousands of records), a rare
 * one, a number and a plate, for the administrator (every kind, every record), Compras and a TI
 * attendant (their lists' scopes), against the bare Fastify route of the same run (ARCHITECTURE.md
 * rule 9). With BENCH_DATABASE_URL set, on a scratch PostgreSQL database too.
 *
 * Settings: BENCH_CALLS, BENCH_PURCHASES, BENCH_FINES, BENCH_CONNECTIONS (50), BENCH_DURATION s (10),
 * BENCH_WARMUP s (2), BENCH_DATABASE_URL (unset: SQLite only).
 */
import { withApp } from './support/databases.ts';
import { type DatabaseKind, get, type Measurement, measureEach } from './support/measure.ts';
import { loadMixed, MIXED } from './support/mixed-data.ts';
import { runBench } from './support/processes.ts';
import { fmt, machine, printTable, writeResults } from './support/report.ts';
import { type AppServer, benchEveryDatabase, expectJson, signIn } from './support/servers.ts';
import { LOAD } from './support/settings.ts';

const { calls: CALLS, purchases: PURCHASES, fines: FINES } = MIXED;

async function benchSearch(app: AppServer, database: DatabaseKind): Promise<Measurement[]> {
  const admin = await signIn(app.base, '1001');
  const compras = await signIn(app.base, '1002');
  const ti = await signIn(app.base, '1004');
  const url = (q: string) => `${app.base}/api/busca?q=${encodeURIComponent(q)}`;
  // The search answers before it is measured (and says what it finds: a wrong answer is no bench).
  const common = await expectJson(await fetch(url('impressora'), { headers: admin }), 'busca comum');
  if (!Array.isArray(common.groups) || common.groups.length === 0) throw new Error('a busca não achou nada');
  const targets = [
    get('busca: admin, a common word ("impressora")', url('impressora'), admin),
    get('busca: admin, a rare text ("pneu para carreta 4994")', url('pneu para carreta 4994'), admin),
    get('busca: admin, a number ("#123456")', url('#123456'), admin),
    get('busca: Compras, a common word, without accents ("eletrica")', url('eletrica'), compras),
    get('busca: TI attendant, a common word ("impressora")', url('impressora'), ti),
  ];
  return measureEach(targets, database, app.child, LOAD);
}

function benchDatabase(database: DatabaseKind) {
  return withApp(database, 'busca', async (app) => {
    const loadSeconds = await loadMixed(app);
    const rows = await benchSearch(app, database);
    return { loadSeconds, rows };
  });
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const info = machine();
  console.error(
    `busca bench: ${fmt(CALLS)} calls, ${fmt(PURCHASES)} requests, ${fmt(FINES)} fines, ` +
      `${LOAD.connections} connections, ${LOAD.warmupS} s warm-up + ${LOAD.durationS} s per request; ` +
      `${info.cpus} × ${info.cpuModel}, Node ${info.node}`,
  );
  const { rows, runs } = await benchEveryDatabase(LOAD, benchDatabase);
  const { file } = writeResults('busca', startedAt, {
    settings: { calls: CALLS, purchases: PURCHASES, fines: FINES, ...LOAD },
    inserts: runs.map((r) => ({ database: r.database, seconds: r.loadSeconds })),
    results: rows,
  });
  printTable(rows);
  console.log(`written to ${file}`);
}

await runBench(main);
