import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 11: the fines dashboard's numbers from a summary table instead of a pass over every fine
 * (decision 0077). `fines_aggregates` holds, per (dim, key, responsavel, negocio_grupo),
 * how many fines fall in that cell and the sum of one amount (centavos). The database keeps it
 * in the same transaction as every change of `fines` (triggers: every insert, update, delete and
 * the xlsx import's batch inserts, whatever code writes them):
 * - total ''                 count, sum VALOR_TOTAL_MULTA
 * - pago sim|nao             count, sum VAL_PAGO_ATUALIZADO (paid) / what is left to pay (unpaid)
 * - contrato antes|depois    DATA_INFRACAO before / from 2023-11-01 (unset: no row)
 * - nd sim|nao               N_DOC_NOTA_DEBITO set or not, sum VAL_REALIZADO_ND
 * - atraso <days>            DATA_PAGMTO − DATA_VENC_MULTA of the fines with both dates
 * - venc_aberto <date>       DATA_VENC_MULTA of the fines without DATA_PAGMTO (delay = today − date)
 * - ORGAO_AUTUADOR, TRANSP, TIPO_VEICULO, UNIDADE, STATUS_ND <value>, mes <yyyy-MM>:
 *                            count, sum VALOR_TOTAL_MULTA (unset: key '')
 * responsavel / negocio_grupo are '' when unset. Cells are never deleted: a cell whose fines are
 * all gone has count 0 and the queries skip it.
 * Frozen in time: the paid status and the contract date are written out here.
 */

const PAID = 'Pagamento Realizado';
const CONTRACT = '2023-11-01';
type Dialect = 'sqlite' | 'postgres';

/** The cells of each row of `src` (alias r): one SELECT per dimension, joined by UNION ALL. */
function cellsOf(dialect: Dialect, src: string): string {
  const days =
    dialect === 'postgres'
      ? `((r."DATA_PAGMTO")::date - (r."DATA_VENC_MULTA")::date)::text`
      : `cast(cast(julianday(r."DATA_PAGMTO") - julianday(r."DATA_VENC_MULTA") as integer) as text)`;
  const paid = `r."STATUS_PAGMTO" is not null and r."STATUS_PAGMTO" = '${PAID}'`;
  const cell = (dim: string, key: string, value: string, where?: string) =>
    `select '${dim}' as dim, ${key} as key, coalesce(r.responsavel, '') as responsavel, ` +
    `coalesce(r.negocio_grupo, '') as negocio_grupo, ${value} as value from ${src}` +
    (where ? ` where ${where}` : '');
  const parts = [
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
    cell('atraso', days, '0', `r."DATA_VENC_MULTA" is not null and r."DATA_PAGMTO" is not null`),
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
  ];
  return parts.join(' union all ');
}

/**
 * Adds (sign 1) or takes away (sign -1) the cells of the rows of `src`, one upsert. One row (a
 * SQLite row trigger) has each cell once, so it needs no grouping.
 */
export function applySql(dialect: Dialect, src: string, sign: 1 | -1, oneRow = false): string {
  const select = oneRow
    ? `select dim, key, responsavel, negocio_grupo, ${sign}, ${sign} * value from (${cellsOf(dialect, src)}) cells where true `
    : `select dim, key, responsavel, negocio_grupo, ${sign} * count(*), ${sign} * sum(value) ` +
      `from (${cellsOf(dialect, src)}) cells where true group by dim, key, responsavel, negocio_grupo `;
  return (
    'insert into fines_aggregates (dim, key, responsavel, negocio_grupo, count, value) ' +
    select +
    'on conflict (dim, key, responsavel, negocio_grupo) do update set ' +
    'count = fines_aggregates.count + excluded.count, value = fines_aggregates.value + excluded.value'
  );
}

/** SQLite: one NEW/OLD row as a one-row table. */
const sqliteRow = (alias: 'NEW' | 'OLD') =>
  `(select ${[
    'responsavel',
    'negocio_grupo',
    'VALOR_TOTAL_MULTA',
    'VAL_PAGO_ATUALIZADO',
    'VALOR_ATUALIZADO',
    'VAL_REALIZADO_ND',
    'STATUS_PAGMTO',
    'DATA_INFRACAO',
    'N_DOC_NOTA_DEBITO',
    'DATA_VENC_MULTA',
    'DATA_PAGMTO',
    'ORGAO_AUTUADOR',
    'TRANSP',
    'TIPO_VEICULO',
    'UNIDADE',
    'STATUS_ND',
  ]
    .map((c) => `${alias}."${c}" as "${c}"`)
    .join(', ')}) r`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  const dialect: Dialect = isPostgres(db) ? 'postgres' : 'sqlite';
  await db.schema
    .createTable('fines_aggregates')
    .addColumn('dim', 'varchar(20)', (c) => c.notNull())
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('responsavel', 'varchar(10)', (c) => c.notNull())
    .addColumn('negocio_grupo', 'varchar(10)', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fines_aggregates_pk', ['dim', 'key', 'responsavel', 'negocio_grupo'])
    .execute();
  // maiorValMulta with the responsible / business filters: the max read off an index.
  await db.schema
    .createIndex('fines_resp_neg_valor_idx')
    .on('fines')
    .columns(['responsavel', 'negocio_grupo', 'VALOR_TOTAL_MULTA'])
    .execute();
  await db.schema
    .createIndex('fines_neg_valor_idx')
    .on('fines')
    .columns(['negocio_grupo', 'VALOR_TOTAL_MULTA'])
    .execute();
  await sql.raw(applySql(dialect, 'fines r', 1)).execute(db);

  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function fines_aggregates_sync() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    ${applySql(dialect, 'old_rows r', -1)};
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    ${applySql(dialect, 'new_rows r', 1)};
  end if;
  return null;
end $$`,
      )
      .execute(db);
    // Statement triggers over the transition tables: a 500-row insert is one upsert, not 500.
    await sql`create trigger fines_aggregates_ins after insert on fines referencing new table as new_rows
      for each statement execute function fines_aggregates_sync()`.execute(db);
    await sql`create trigger fines_aggregates_upd after update on fines
      referencing old table as old_rows new table as new_rows
      for each statement execute function fines_aggregates_sync()`.execute(db);
    await sql`create trigger fines_aggregates_del after delete on fines referencing old table as old_rows
      for each statement execute function fines_aggregates_sync()`.execute(db);
    return;
  }
  await sql
    .raw(
      `create trigger fines_aggregates_ins after insert on fines begin ${applySql(dialect, sqliteRow('NEW'), 1, true)}; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger fines_aggregates_upd after update on fines begin ${applySql(dialect, sqliteRow('OLD'), -1, true)}; ${applySql(dialect, sqliteRow('NEW'), 1, true)}; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger fines_aggregates_del after delete on fines begin ${applySql(dialect, sqliteRow('OLD'), -1, true)}; end`,
    )
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const t of ['ins', 'upd', 'del']) {
    await sql.raw(`drop trigger if exists fines_aggregates_${t}${pg ? ' on fines' : ''}`).execute(db);
  }
  if (pg) await sql`drop function if exists fines_aggregates_sync()`.execute(db);
  await db.schema.dropIndex('fines_neg_valor_idx').execute();
  await db.schema.dropIndex('fines_resp_neg_valor_idx').execute();
  await db.schema.dropTable('fines_aggregates').execute();
}
