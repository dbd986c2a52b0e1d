import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 11 (decision 0078):
 * - composite indexes for the filter bar's common combination, responsible + payment status
 *   (+ period): the table's first page in the default order and by carrier, and the dashboard's
 *   pass over the filtered fines (covering: it reads no fine row);
 * - SQLite only: the summary's insert trigger (migration 0014) can be paused inside one
 *   transaction by a row in `fines_aggregates_pause`, so a big import adds its rows' cells once at
 *   the end (one grouped upsert over `fines_aggregate_cells`) instead of thirteen upserts per row.
 *   SQLite has one writer, so the pause row (written and removed inside the import's transaction)
 *   is never seen by another change. PostgreSQL's statement triggers already sum a whole batch in
 *   one upsert and are left as they are.
 * Frozen in time: the cells below repeat migration 0014's definition as it stands today.
 */

const PAID = 'Pagamento Realizado';
/** The fines' columns the dashboard reads besides the index's leading ones. */
const DASHBOARD = [
  'VALOR_TOTAL_MULTA',
  'VAL_PAGO_ATUALIZADO',
  'VALOR_ATUALIZADO',
  'VAL_REALIZADO_ND',
  'N_DOC_NOTA_DEBITO',
  'DATA_VENC_MULTA',
  'DATA_PAGMTO',
  'ORGAO_AUTUADOR',
  'TRANSP',
  'TIPO_VEICULO',
  'UNIDADE',
  'STATUS_ND',
];
const CONTRACT = '2023-11-01';

/** 0014's cells of every fine, with the fine's id (SQLite). */
function cellsView(): string {
  const paid = `r."STATUS_PAGMTO" is not null and r."STATUS_PAGMTO" = '${PAID}'`;
  const cell = (dim: string, key: string, value: string, where?: string) =>
    `select r.id as id, '${dim}' as dim, ${key} as key, coalesce(r.responsavel, '') as responsavel, ` +
    `coalesce(r.negocio_grupo, '') as negocio_grupo, ${value} as value from fines r` +
    (where ? ` where ${where}` : '');
  return [
    cell('total', `''`, `r."VALOR_TOTAL_MULTA"`),
    cell(
      'pago',
      `case when ${paid} then 'sim' else 'nao' end`,
      `case when ${paid} then r."VAL_PAGO_ATUALIZADO" when r."VALOR_ATUALIZADO" > 0 then r."VALOR_ATUALIZADO" else r."VALOR_TOTAL_MULTA" end`,
    ),
    cell(
      'contrato',
      `case when r."DATA_INFRACAO" < '${CONTRACT}' then 'antes' else 'depois' end`,
      '0',
      `r."DATA_INFRACAO" is not null`,
    ),
    cell(
      'nd',
      `case when r."N_DOC_NOTA_DEBITO" is not null then 'sim' else 'nao' end`,
      `r."VAL_REALIZADO_ND"`,
    ),
    cell(
      'atraso',
      `cast(cast(julianday(r."DATA_PAGMTO") - julianday(r."DATA_VENC_MULTA") as integer) as text)`,
      '0',
      `r."DATA_VENC_MULTA" is not null and r."DATA_PAGMTO" is not null`,
    ),
    cell(
      'venc_aberto',
      `r."DATA_VENC_MULTA"`,
      '0',
      `r."DATA_VENC_MULTA" is not null and r."DATA_PAGMTO" is null`,
    ),
    ...['ORGAO_AUTUADOR', 'TRANSP', 'TIPO_VEICULO', 'UNIDADE', 'STATUS_ND'].map((c) =>
      cell(c, `coalesce(r."${c}", '')`, `r."VALOR_TOTAL_MULTA"`),
    ),
    cell('mes', `coalesce(substr(r."DATA_INFRACAO", 1, 7), '')`, `r."VALOR_TOTAL_MULTA"`),
  ].join(' union all ');
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  // Covering: the dashboard's pass reads its 15 columns off the index, without a lookup per fine
  // (PostgreSQL: INCLUDE, an index-only scan; SQLite: trailing columns). The table's first page
  // walks its leading (responsavel, STATUS_PAGMTO, DATA_INFRACAO, id).
  if (isPostgres(db)) {
    await sql
      .raw(
        `create index fines_resp_pagmto_idx on fines (responsavel, "STATUS_PAGMTO", "DATA_INFRACAO", id) include (${DASHBOARD.map((c) => `"${c}"`).join(', ')})`,
      )
      .execute(db);
  } else {
    await db.schema
      .createIndex('fines_resp_pagmto_idx')
      .on('fines')
      .columns(['responsavel', 'STATUS_PAGMTO', 'DATA_INFRACAO', 'id', ...DASHBOARD])
      .execute();
  }
  await db.schema
    .createIndex('fines_resp_pagmto_transp_idx')
    .on('fines')
    .columns(['responsavel', 'STATUS_PAGMTO', 'TRANSP', 'DATA_INFRACAO', 'id'])
    .execute();
  if (isPostgres(db)) return;

  await db.schema.createTable('fines_aggregates_pause').addColumn('paused', 'integer').execute();
  await sql.raw(`create view fines_aggregate_cells as ${cellsView()}`).execute(db);
  // The insert trigger again, skipped while a pause row exists (its body is 0014's, read back).
  const trigger = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'trigger' and name = 'fines_aggregates_ins'`.execute(db);
  const body = trigger.rows[0]?.sql;
  const head = 'after insert on fines begin';
  if (!body?.includes(head)) throw new Error('fines_aggregates_ins: trigger not found');
  await sql`drop trigger fines_aggregates_ins`.execute(db);
  await sql
    .raw(
      body.replace(
        head,
        'after insert on fines when not exists (select 1 from fines_aggregates_pause) begin',
      ),
    )
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    const trigger = await sql<{ sql: string }>`select sql from sqlite_master
      where type = 'trigger' and name = 'fines_aggregates_ins'`.execute(db);
    const body = trigger.rows[0]?.sql ?? '';
    await sql`drop trigger fines_aggregates_ins`.execute(db);
    await sql
      .raw(
        body.replace(
          'after insert on fines when not exists (select 1 from fines_aggregates_pause) begin',
          'after insert on fines begin',
        ),
      )
      .execute(db);
    await sql`drop view fines_aggregate_cells`.execute(db);
    await db.schema.dropTable('fines_aggregates_pause').execute();
  }
  await db.schema.dropIndex('fines_resp_pagmto_transp_idx').execute();
  await db.schema.dropIndex('fines_resp_pagmto_idx').execute();
}
