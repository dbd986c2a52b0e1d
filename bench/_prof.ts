import { fineFilters, PAID } from '@intranet/contracts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { splitPeriod } from '../apps/server/src/modules/fines/fines.months.ts';
import { cubeDashboardCells } from '../apps/server/src/modules/fines/fines.summary.queries.ts';
import { filteredCells } from '../apps/server/src/modules/fines/fines.queries.ts';
const h = openDatabase({ sqliteFile: process.argv[2]!, databaseUrl: process.env.URL });
const cases: Record<string, object> = {
  'one unit': { UNIDADE: 'Camaçari' },
  'nd N/A': { STATUS_ND: 'N/A' },
  paid: { STATUS_PAGMTO: PAID },
  'period 2024': { from: '2024-01-01', to: '2024-12-31' },
  'partial': { from: '2024-01-15', to: '2024-12-10' },
};
const today = '2026-11-26';
for (const [name, raw] of Object.entries(cases)) {
  const f = fineFilters.parse(raw);
  const { months, edges } = splitPeriod(f.from, f.to);
  const time = async (label: string, work: () => Promise<unknown>) => {
    for (let i = 0; i < 3; i++) await work();
    const c = process.cpuUsage(); const t = performance.now();
    for (let i = 0; i < 20; i++) await work();
    const u = process.cpuUsage(c);
    console.log(name, label, ((performance.now() - t) / 20).toFixed(1), 'ms wall', ((u.user + u.system) / 20000).toFixed(1), 'ms cpu');
  };
  if (months) await time('cube', () => cubeDashboardCells(h.db, f, months, today));
  for (const e of edges) await time(`edge ${e.from}`, () => filteredCells(h.db, { ...f, ...e }, today));
}
await h.close();
