import { fineFilters, toDateOnly } from '@intranet/contracts';
import { sql } from 'kysely';
import { openDatabase } from './src/db/database.ts';
import { dashboardSource } from './src/modules/fines/fines.queries.ts';
import { dashboardByPass } from './src/modules/fines/fines.service.ts';

const h = openDatabase({ sqliteFile: '/tmp/fines2/probe.db' });
const f = fineFilters.parse({
  responsible: 'transp',
  STATUS_PAGMTO: 'Pagamento Realizado',
  from: '2024-01-01',
  to: '2024-12-31',
});
const t = async (l: string, run: () => Promise<unknown>) => {
  const ms = [];
  for (let i = 0; i < 7; i++) {
    const s = performance.now();
    await run();
    ms.push(performance.now() - s);
  }
  ms.sort((a, b) => a - b);
  console.log(l, ms[3]!.toFixed(1), 'min', ms[0]!.toFixed(1));
};
const today = toDateOnly(new Date());
await t('source before', () => dashboardSource(h.db, f).execute());
await t('pass before', () => dashboardByPass(h.db, f, today));
const s0 = performance.now();
await sql
  .raw(
    `create index if not exists probe_cover on fines (responsavel, "STATUS_PAGMTO", "DATA_INFRACAO", id, "VALOR_TOTAL_MULTA", "VAL_PAGO_ATUALIZADO", "VALOR_ATUALIZADO", "VAL_REALIZADO_ND", "N_DOC_NOTA_DEBITO", "DATA_VENC_MULTA", "DATA_PAGMTO", "ORGAO_AUTUADOR", "TRANSP", "TIPO_VEICULO", "UNIDADE", "STATUS_ND")`,
  )
  .execute(h.db);
console.log('index built', (performance.now() - s0).toFixed(0));
const src = dashboardSource(h.db, f).compile();
console.log(
  (await h.db.executeQuery({ ...src, sql: `explain query plan ${src.sql}` })).rows.map((r: any) => r.detail),
);
await t('source covered', () => dashboardSource(h.db, f).execute());
await t('pass covered', () => dashboardByPass(h.db, f, today));
await sql.raw('drop index probe_cover').execute(h.db);
await h.close();
