// Scratch: one request at a time, in process, on a 100,000-fine SQLite file (or PROBE_PG url).
import fs from 'node:fs';
import { fineFilters, toDateOnly } from '@intranet/contracts';
import { nowIso, openDatabase } from '/work/wt/fines2/apps/server/src/db/database.ts';
import { migrateToLatest } from '/work/wt/fines2/apps/server/src/db/migrate.ts';
import { listFines } from '/work/wt/fines2/apps/server/src/modules/fines/fines.queries.ts';
import { dashboardByPass } from '/work/wt/fines2/apps/server/src/modules/fines/fines.service.ts';
import { summaryAggregates } from '/work/wt/fines2/apps/server/src/modules/fines/fines.summary.queries.ts';
import { demoFines, insertFines } from '/work/wt/fines2/apps/server/src/seed/demo-fines.ts';

const file = '/tmp/fines2/probe.db';
const fresh = !process.env.PROBE_PG && !fs.existsSync(file);
const h = openDatabase({ databaseUrl: process.env.PROBE_PG, sqliteFile: file });
await migrateToLatest(h.db);
const n = Number(
  (
    await h.db
      .selectFrom('fines')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirst()
  )?.n ?? 0,
);
if (n < 100_000) {
  const t0 = performance.now();
  await h.db
    .transaction()
    .execute((tx) => insertFines(tx, demoFines(100_000 - n, { prefix: 'P' }), nowIso()));
  console.log(`inserted ${100_000 - n} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
if (process.env.PROBE_PG) await (await import('kysely')).sql`analyze`.execute(h.db);
const today = toDateOnly(new Date());
const cases: [string, Record<string, string>][] = [
  [
    'resp + paid + 2024',
    { responsible: 'transp', STATUS_PAGMTO: 'Pagamento Realizado', from: '2024-01-01', to: '2024-12-31' },
  ],
  ['one unit', { UNIDADE: 'Camaçari' }],
  ['STATUS_MULTA Penalidade', { STATUS_MULTA: 'Penalidade' }],
  ['STATUS_ND N/A', { STATUS_ND: 'N/A' }],
  ['one carrier', { TRANSP: 'Translog Transportes Ltda' }],
  ['period 2024', { from: '2024-01-01', to: '2024-12-31' }],
  ['no filter (pass)', {}],
];
const time = async (label: string, run: () => Promise<unknown>) => {
  const ms: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label}: p50 ${ms[3]!.toFixed(1)} ms (min ${ms[0]!.toFixed(1)}, max ${ms[6]!.toFixed(1)})`);
};
for (const [label, f] of cases)
  await time(`pass ${label}`, () => dashboardByPass(h.db, fineFilters.parse(f), today));
await time('summary none', () => summaryAggregates(h.db, fineFilters.parse({}), today));
const page = { sort: 'DATA_INFRACAO' as const, dir: 'desc' as const, pageSize: 100, count: true };
const filt = fineFilters.parse(cases[0]![1]);
await time('page resp+paid+2024', () => listFines(h.db, filt, page));
await time('page resp+paid+2024 by carrier', () =>
  listFines(h.db, filt, { ...page, sort: 'TRANSP', dir: 'asc' }),
);
await h.close();
void fresh;
