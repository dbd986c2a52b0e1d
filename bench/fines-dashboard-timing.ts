/**
 * `npx tsx bench/fines-dashboard-timing.ts [file.sqlite]`: the fines dashboard (GET
 * /api/fines/aggregates' service, fines.service.ts#aggregates) timed in process, one request at a
 * time, for each filter of the bar and the common combinations: 7 runs each, p50 and range, with
 * the load average at the end of each row (the machine is shared) and the process's CPU time per
 * request (user + system, p50: SQLite runs in the process, so on a busy machine this says more
 * than the wall time; PostgreSQL's work is in its own processes and not counted). The SQLite file (default
 * /tmp/fines-dashboard-timing/fines.sqlite) is migrated and, when new, filled with TIMING_FINES
 * (100,000) generated fines (the bench's `demoFines`); TIMING_DATABASE_URL runs on PostgreSQL
 * instead (filled when it holds no fine). TIMING_ONLY=<text> runs the rows whose name has it. Beside
 * each row, the pass over the fines alone for the same filters (what they cost before the cube,
 * migration 0017; TIMING_NO_PASS=1 skips it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Actor, fineFilters, PAID } from '@intranet/contracts';
import { sql } from 'kysely';
import { nowIso, openDatabase } from '../apps/server/src/db/database.ts';
import { isPostgres } from '../apps/server/src/db/dialect.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { aggregates, dashboardByPass } from '../apps/server/src/modules/fines/fines.service.ts';
import type { AppContext } from '../apps/server/src/platform/context.ts';
import { demoFines, loadFines } from '../apps/server/src/seed/demo-fines.ts';
import { positive } from './support/settings.ts';

const FINES = positive('TIMING_FINES', 100_000);
const file = process.argv[2] ?? path.join(os.tmpdir(), 'fines-dashboard-timing', 'fines.sqlite');
const url = process.env.TIMING_DATABASE_URL;
if (!url) fs.mkdirSync(path.dirname(file), { recursive: true });
const handle = openDatabase({ sqliteFile: file, databaseUrl: url });
await migrateToLatest(handle.db);
const stored = await handle.db
  .selectFrom('fines')
  .select(({ fn }) => fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
if (Number(stored.n) === 0) {
  const started = performance.now();
  await loadFines(handle.db, demoFines(FINES, { prefix: 'B' }), nowIso());
  if (isPostgres(handle.db)) await sql`analyze`.execute(handle.db);
  console.log(`${FINES} fines inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const admin: Actor = { userId: 1, privilegio: 0, suport: 0, admin: 1, setor: [] };
const ctx = { db: handle.db } as unknown as AppContext;
const cases: Record<string, object> = {
  'no filter (summary)': {},
  'responsible + business (summary)': { responsible: 'transp', business: 'resinas' },
  'responsible + paid + 2024': {
    responsible: 'transp',
    STATUS_PAGMTO: PAID,
    from: '2024-01-01',
    to: '2024-12-31',
  },
  'period 2024': { from: '2024-01-01', to: '2024-12-31' },
  'period 2024 + paid': { STATUS_PAGMTO: PAID, from: '2024-01-01', to: '2024-12-31' },
  'period 2024 + Penalidade': { STATUS_MULTA: 'Penalidade', from: '2024-01-01', to: '2024-12-31' },
  'one unit': { UNIDADE: 'Camaçari' },
  'one unit + 2024': { UNIDADE: 'Camaçari', from: '2024-01-01', to: '2024-12-31' },
  'one fine status (Penalidade)': { STATUS_MULTA: 'Penalidade' },
  'one payment status (paid)': { STATUS_PAGMTO: PAID },
  'one ND status (N/A)': { STATUS_ND: 'N/A' },
  '2024-01-15 … 2024-12-10 (partial months)': { from: '2024-01-15', to: '2024-12-10' },
  'one carrier (pass)': { TRANSP: 'Translog Transportes Ltda' },
  'plate starting AB (pass)': { PLACA: 'AB' },
};
const only = process.env.TIMING_ONLY;
console.log(
  `| filters (${url ? 'PostgreSQL' : 'SQLite'}, ${FINES} fines) | p50 ms | min–max ms | CPU ms (p50) | pass over the fines (before) p50 ms | its CPU ms | load average |`,
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
/** 7 runs of `work`: sorted times (ms). */
async function runs(work: () => Promise<unknown>) {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    const used = process.cpuUsage();
    await work();
    times.push(performance.now() - started);
    const { user, system } = process.cpuUsage(used);
    cpu.push((user + system) / 1000);
  }
  return Object.assign(
    times.sort((a, b) => a - b),
    { cpu: cpu.sort((a, b) => a - b)[3] },
  );
}
const today = new Date().toISOString().slice(0, 10);
for (const [name, f] of Object.entries(cases)) {
  if (only && !name.includes(only)) continue;
  const filters = fineFilters.parse(f);
  const s = await runs(() => aggregates(ctx, admin, filters));
  // What every filter other than responsible / business cost before the cube: the pass alone.
  const pass = process.env.TIMING_NO_PASS
    ? Object.assign([], { cpu: undefined })
    : await runs(() => dashboardByPass(handle.db, filters, today));
  const ms = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(0));
  console.log(
    `| ${name} | ${ms(s[3])} | ${ms(s[0])}–${ms(s[6])} | ${ms(s.cpu)} | ${ms(pass[3])} | ${ms(pass.cpu)} | ${os.loadavg()[0]?.toFixed(1)} |`,
  );
}
await handle.close();
