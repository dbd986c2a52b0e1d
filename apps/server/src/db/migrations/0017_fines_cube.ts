import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 11 (decision 0079): the
 * dashboard's summary with the filter bar's low-cardinality dimensions, so any combination of
 * responsible, business, fine status, payment status, ND status, unit and period (whole months) is
 * a GROUP BY over cells instead of a pass over the fines.
 * - `fines_cube`: per (dim, key, responsavel, negocio_grupo, status_multa, status_pagmto,
 *   status_nd, unidade, mes) how many fines and the sum of one amount (centavos); every column ''
 *   when unset. Dims: total '' (VALOR_TOTAL_MULTA), pago sim|nao (paid: VAL_PAGO_ATUALIZADO, else
 *   what is left to pay), nd sim|nao (VAL_REALIZADO_ND), ORGAO_AUTUADOR / TRANSP / TIPO_VEICULO
 *   <value> (VALOR_TOTAL_MULTA). The unit, ND status, month and contract series are the total
 *   cells grouped by their own columns (the contract date is the first of a month).
 * - `fines_cube_max`: per combination of the filter columns, the largest VALOR_TOTAL_MULTA, the
 *   longest delay of a paid fine (DATA_PAGMTO − DATA_VENC_MULTA) and the oldest due date of a fine
 *   not paid yet. A maximum cannot be taken back: after a delete or an update the combination's
 *   row is read again from its fines (index `fines_cube_combo_idx`).
 * Kept by triggers in the same transaction as every change of `fines` (PostgreSQL: statement
 * triggers over the transition tables; SQLite: row triggers, the insert one paused like 0016's by a
 * row in `fines_aggregates_pause`, the import then adding its fines' cells through the views
 * `fines_cube_cells` / `fines_cube_max_rows`). Cells are never deleted: count 0 is skipped.
 * Frozen in time: the paid status and the cells' definitions are written out here.
 */

const PAID = 'Pagamento Realizado';
type Dialect = 'sqlite' | 'postgres';

/** The filter columns of the cube and their expression over a fine `r`. */
const COMBO: [string, string][] = [
  ['responsavel', 'r.responsavel'],
  ['negocio_grupo', 'r.negocio_grupo'],
  ['status_multa', 'r."STATUS_MULTA"'],
  ['status_pagmto', 'r."STATUS_PAGMTO"'],
  ['status_nd', 'r."STATUS_ND"'],
  ['unidade', 'r."UNIDADE"'],
  ['mes', 'substr(r."DATA_INFRACAO", 1, 7)'],
];
const COMBO_COLUMNS = COMBO.map(([c]) => c);
const comboOf = (alias: string) => COMBO.map(([, e]) => `coalesce(${e.replaceAll('r.', `${alias}.`)}, '')`);
const comboSelect = (alias: string) =>
  comboOf(alias)
    .map((e, i) => `${e} as ${COMBO_COLUMNS[i]}`)
    .join(', ');

/** The cells of each row of `src` (alias r), one SELECT per dimension joined by UNION ALL. */
function cellsOf(src: string, withId = false): string {
  const paid = `r."STATUS_PAGMTO" is not null and r."STATUS_PAGMTO" = '${PAID}'`;
  const cell = (dim: string, key: string, value: string) =>
    `select ${withId ? 'r.id as id, ' : ''}'${dim}' as dim, ${key} as key, ${comboSelect('r')}, ${value} as value from ${src}`;
  return [
    cell('total', `''`, `r."VALOR_TOTAL_MULTA"`),
    cell(
      'pago',
      `case when ${paid} then 'sim' else 'nao' end`,
      `case when ${paid} then r."VAL_PAGO_ATUALIZADO" when r."VALOR_ATUALIZADO" > 0 then r."VALOR_ATUALIZADO" else r."VALOR_TOTAL_MULTA" end`,
    ),
    cell(
      'nd',
      `case when r."N_DOC_NOTA_DEBITO" is not null then 'sim' else 'nao' end`,
      `r."VAL_REALIZADO_ND"`,
    ),
    ...['ORGAO_AUTUADOR', 'TRANSP', 'TIPO_VEICULO'].map((c) =>
      cell(c, `coalesce(r."${c}", '')`, `r."VALOR_TOTAL_MULTA"`),
    ),
  ].join(' union all ');
}

const KEY = ['dim', 'key', ...COMBO_COLUMNS].join(', ');

/** Adds (1) or takes away (-1) the cells of the rows of `src`; one row needs no grouping. */
export function applyCells(src: string, sign: 1 | -1, oneRow: boolean): string {
  const select = oneRow
    ? `select ${KEY}, ${sign}, ${sign} * value from (${cellsOf(src)}) cells where true `
    : `select ${KEY}, ${sign} * count(*), ${sign} * sum(value) from (${cellsOf(src)}) cells where true group by ${KEY} `;
  return (
    `insert into fines_cube (${KEY}, count, value) ${select}` +
    `on conflict (${KEY}) do update set ` +
    'count = fines_cube.count + excluded.count, value = fines_cube.value + excluded.value'
  );
}

/** A fine's delay (paid) and open due date, over alias `a`. */
function maxima(dialect: Dialect, a: string) {
  const days =
    dialect === 'postgres'
      ? `((${a}."DATA_PAGMTO")::date - (${a}."DATA_VENC_MULTA")::date)`
      : `cast(julianday(${a}."DATA_PAGMTO") - julianday(${a}."DATA_VENC_MULTA") as integer)`;
  return {
    valor: `${a}."VALOR_TOTAL_MULTA"`,
    atraso: `case when ${a}."DATA_VENC_MULTA" is not null and ${a}."DATA_PAGMTO" is not null then ${days} end`,
    venc: `case when ${a}."DATA_VENC_MULTA" is not null and ${a}."DATA_PAGMTO" is null then ${a}."DATA_VENC_MULTA" end`,
  };
}

/** The largest of two values, either NULL (SQLite's max() of a NULL is NULL). */
function larger(dialect: Dialect, a: string, b: string, fn: 'max' | 'min') {
  if (dialect === 'postgres') return `${fn === 'max' ? 'greatest' : 'least'}(${a}, ${b})`;
  return `${fn}(coalesce(${a}, ${b}), coalesce(${b}, ${a}))`;
}

/** Raises the maxima of the combinations of the rows of `src` (inserted or new rows). */
export function raiseMaxima(dialect: Dialect, src: string): string {
  const m = maxima(dialect, 'r');
  const cols = COMBO_COLUMNS.join(', ');
  const set = (c: string, fn: 'max' | 'min') =>
    `${c} = ${larger(dialect, `fines_cube_max.${c}`, `excluded.${c}`, fn)}`;
  return (
    `insert into fines_cube_max (${cols}, max_valor, max_atraso, min_venc) ` +
    `select ${cols}, max(valor), max(atraso), min(venc) from (select ${comboSelect('r')}, ` +
    `${m.valor} as valor, ${m.atraso} as atraso, ${m.venc} as venc from ${src}) x where true group by ${cols} ` +
    `on conflict (${cols}) do update set ${set('max_valor', 'max')}, ${set('max_atraso', 'max')}, ${set('min_venc', 'min')}`
  );
}

/** Reads again from their fines the maxima of the combinations of the rows of `src` (deleted or old rows). */
export function recomputeMaxima(dialect: Dialect, src: string): string {
  const f = maxima(dialect, 'f');
  const match = comboOf('f')
    // coalesce on both sides: SQLite compares without affinity, as the expression index holds them.
    .map((e, i) => `${e} = coalesce(fines_cube_max.${COMBO_COLUMNS[i]}, '')`)
    .join(' and ');
  return (
    `update fines_cube_max set (max_valor, max_atraso, min_venc) = ` +
    `(select max(${f.valor}), max(${f.atraso}), min(${f.venc}) from fines f where ${match}) ` +
    `where (${COMBO_COLUMNS.join(', ')}) in (select ${comboOf('r').join(', ')} from ${src})`
  );
}

/** SQLite: one NEW/OLD row as a one-row table. */
const sqliteRow = (alias: 'NEW' | 'OLD') =>
  `(select ${[
    'id',
    'responsavel',
    'negocio_grupo',
    'STATUS_MULTA',
    'STATUS_PAGMTO',
    'STATUS_ND',
    'UNIDADE',
    'DATA_INFRACAO',
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
  ]
    .map((c) => `${alias}."${c}" as "${c}"`)
    .join(', ')}) r`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  const dialect: Dialect = isPostgres(db) ? 'postgres' : 'sqlite';
  let cube = db.schema
    .createTable('fines_cube')
    .addColumn('dim', 'varchar(20)', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull());
  for (const c of COMBO_COLUMNS) cube = cube.addColumn(c, 'text', (col) => col.notNull());
  await cube
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    // In the order the dashboard groups (dim, key), so the grouping streams (SQLite: the table is its key).
    .addPrimaryKeyConstraint('fines_cube_pk', ['dim', 'key', 'mes', ...COMBO_COLUMNS.slice(0, -1)] as never)
    .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
    .execute();
  let max = db.schema.createTable('fines_cube_max');
  for (const c of COMBO_COLUMNS) max = max.addColumn(c, 'text', (col) => col.notNull());
  await max
    .addColumn('max_valor', 'bigint')
    .addColumn('max_atraso', 'integer')
    .addColumn('min_venc', 'text')
    .addPrimaryKeyConstraint('fines_cube_max_pk', ['mes', ...COMBO_COLUMNS.slice(0, -1)] as never)
    .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
    .execute();
  // A combination's fines, for reading its maxima again (the same expressions as the triggers').
  await sql
    .raw(
      `create index fines_cube_combo_idx on fines (${comboOf('f')
        .map((e) => `(${e.replaceAll('f.', '')})`)
        .join(', ')})`,
    )
    .execute(db);
  await sql.raw(applyCells('fines r', 1, false)).execute(db);
  await sql.raw(raiseMaxima(dialect, 'fines r')).execute(db);

  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function fines_cube_sync() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    ${applyCells('old_rows r', -1, false)};
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    ${applyCells('new_rows r', 1, false)};
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    ${recomputeMaxima(dialect, 'old_rows r')};
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    ${raiseMaxima(dialect, 'new_rows r')};
  end if;
  return null;
end $$`,
      )
      .execute(db);
    await sql`create trigger fines_cube_ins after insert on fines referencing new table as new_rows
      for each statement execute function fines_cube_sync()`.execute(db);
    await sql`create trigger fines_cube_upd after update on fines
      referencing old table as old_rows new table as new_rows
      for each statement execute function fines_cube_sync()`.execute(db);
    await sql`create trigger fines_cube_del after delete on fines referencing old table as old_rows
      for each statement execute function fines_cube_sync()`.execute(db);
    return;
  }
  await sql
    .raw(
      `create trigger fines_cube_ins after insert on fines when not exists (select 1 from fines_aggregates_pause) begin ${applyCells(sqliteRow('NEW'), 1, true)}; ${raiseMaxima(dialect, sqliteRow('NEW'))}; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger fines_cube_upd after update on fines begin ${applyCells(sqliteRow('OLD'), -1, true)}; ${applyCells(sqliteRow('NEW'), 1, true)}; ${recomputeMaxima(dialect, sqliteRow('OLD'))}; ${raiseMaxima(dialect, sqliteRow('NEW'))}; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger fines_cube_del after delete on fines begin ${applyCells(sqliteRow('OLD'), -1, true)}; ${recomputeMaxima(dialect, sqliteRow('OLD'))}; end`,
    )
    .execute(db);
  // The import's paused inserts (fines.queries.ts#addSummaryAfter): every fine's cells and maxima with its id.
  await sql.raw(`create view fines_cube_cells as ${cellsOf('fines r', true)}`).execute(db);
  const m = maxima(dialect, 'r');
  await sql
    .raw(
      `create view fines_cube_max_rows as select r.id as id, ${comboSelect('r')}, ${m.valor} as valor, ${m.atraso} as atraso, ${m.venc} as venc from fines r`,
    )
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const t of ['ins', 'upd', 'del']) {
    await sql.raw(`drop trigger if exists fines_cube_${t}${pg ? ' on fines' : ''}`).execute(db);
  }
  if (pg) await sql`drop function if exists fines_cube_sync()`.execute(db);
  else {
    await sql`drop view if exists fines_cube_cells`.execute(db);
    await sql`drop view if exists fines_cube_max_rows`.execute(db);
  }
  await sql`drop index if exists fines_cube_combo_idx`.execute(db);
  await db.schema.dropTable('fines_cube_max').execute();
  await db.schema.dropTable('fines_cube').execute();
}
