import { fineFilters } from '@intranet/contracts';
import { sql } from 'kysely';
import { openDatabase } from './src/db/database.ts';
import { dashboardSource, listFines } from './src/modules/fines/fines.queries.ts';

const h = openDatabase({ sqliteFile: '/tmp/fines2/probe.db' });
const f = fineFilters.parse({
  responsible: 'transp',
  STATUS_PAGMTO: 'Pagamento Realizado',
  from: '2024-01-01',
  to: '2024-12-31',
});
const t = async (l: string, run: () => Promise<unknown>) => {
  const ms = [];
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    await run();
    ms.push(performance.now() - s);
  }
  ms.sort((a, b) => a - b);
  console.log(l, ms[2]!.toFixed(1));
};
const src = dashboardSource(h.db, f).compile();
console.log((await sql.raw(`explain query plan ${src.sql}`.replace(/\?/g, () => 'NULL')).execute(h.db)).rows);
const plan = await h.db.executeQuery({ ...src, sql: `explain query plan ${src.sql}`, query: src.query });
console.log(plan.rows);
await t('source rows', async () => console.log((await dashboardSource(h.db, f).execute()).length));
for (const c of ['ORGAO_AUTUADOR', 'TRANSP', 'TIPO_VEICULO', 'UNIDADE', 'STATUS_ND'])
  console.log(c, (await sql.raw(`select count(distinct "${c}") as n from fines`).execute(h.db)).rows);
const page = listFines(h.db, f, { sort: 'TRANSP', dir: 'asc', pageSize: 100, count: true });
await page;
await h.close();
