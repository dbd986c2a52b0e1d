import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 11 (decision 0080): the cube
 * of 0017 rolled up over its months, so a dashboard without a period, or with whole years, groups a
 * few thousand cells instead of up to 160,000 (one fine status: half the cube).
 * - `fines_cube_roll`: the cells of `fines_cube` per (ano, dim, key, the six filter columns), ano
 *   '*' for every month (the fines without DATA_INFRACAO too) and 'yyyy' for a year's months; and
 *   under '*' the total cells per month (dim 'mes', key yyyy-MM or ''), the monthly series read in
 *   the roll-up's key order (PostgreSQL read them scattered over the cube's updated heap).
 * - `fines_cube_max_roll`: the maxima of `fines_cube_max` per (ano, the six filter columns), the same
 *   way; read again from the combination's months (index `fines_cube_max_combo_idx`) when one changes.
 * Kept by triggers on the cube's two tables (not on `fines`), in the same transaction as the change
 * that moved the cube: whatever writes the cube (the row and statement triggers of 0017, the
 * import's grouped upserts, fines.queries.ts#addSummaryAfter) moves its roll-up. The cube's keys are
 * never updated (0017 only adds to a cell's count and sum), so an update moves its cell by new − old.
 * PostgreSQL: statement triggers over the transition tables (one per event: an INSERT … ON CONFLICT
 * fires the insert one for the new cells and the update one for the others); SQLite: row triggers.
 */

type Dialect = 'sqlite' | 'postgres';
/**
 * PostgreSQL: room on each page for a changed cell's new version (a HOT update: no column of the
 * key changes), so a year's cells stay on the pages they were written to in key order instead of
 * scattering over the table (the cube of 0017, filled the same way, read ~1 page per cell).
 */
const FILL = sql`with (fillfactor = 70)`;
const COMBO = ['responsavel', 'negocio_grupo', 'status_multa', 'status_pagmto', 'status_nd', 'unidade'];
const CELL = ['dim', 'key', ...COMBO];
const ROLL_KEY = ['ano', ...CELL].join(', ');
const MAX_KEY = ['ano', ...COMBO].join(', ');

/**
 * The rows of `src` (alias d) once per roll-up year: '*', and their month's year when they have one;
 * columns `ano` and `cols`.
 */
function byYears(src: string, cols: string[], months = false) {
  const list = cols.map((c) => `d.${c} as ${c}`).join(', ');
  const month = cols.map((c) =>
    c === 'dim' ? `'mes' as dim` : c === 'key' ? 'd.mes as key' : `d.${c} as ${c}`,
  );
  return (
    `(select '*' as ano, ${list} from ${src} d union all ` +
    `select substr(d.mes, 1, 4) as ano, ${list} from ${src} d where d.mes <> ''` +
    (months ? ` union all select '*' as ano, ${month.join(', ')} from ${src} d where d.dim = 'total')` : ')')
  );
}

/**
 * Adds to the roll-up the cells of `src` (the cube's columns, count and value already signed),
 * grouped by their roll-up key (one cube row: its roll-up rows are distinct, no grouping).
 */
function addToRoll(src: string, oneRow = false): string {
  const rows = byYears(src, [...CELL, 'count', 'value'], true);
  return (
    `insert into fines_cube_roll (${ROLL_KEY}, count, value) ` +
    (oneRow
      ? `select ${ROLL_KEY}, count, value from ${rows} x where true `
      : `select ${ROLL_KEY}, sum(count), sum(value) from ${rows} x where true group by ${ROLL_KEY} `) +
    `on conflict (${ROLL_KEY}) do update set count = fines_cube_roll.count + excluded.count, ` +
    'value = fines_cube_roll.value + excluded.value'
  );
}

/** Reads again from `fines_cube_max` the roll-up maxima of the combinations (and years) of `src`. */
function rereadMaxima(src: string): string {
  const combo = COMBO.map((c) => `k.${c}`).join(', ');
  const same = COMBO.map((c) => `m.${c} = k.${c}`).join(' and ');
  return (
    `insert into fines_cube_max_roll (${MAX_KEY}, max_valor, max_atraso, min_venc) ` +
    `select k.ano, ${combo}, max(m.max_valor), max(m.max_atraso), min(m.min_venc) ` +
    `from (select distinct ${MAX_KEY} from ${byYears(src, COMBO)} x) k ` +
    `join fines_cube_max m on ${same} and (k.ano = '*' or m.mes between k.ano || '-01' and k.ano || '-12') ` +
    `where true group by k.ano, ${combo} ` +
    `on conflict (${MAX_KEY}) do update set max_valor = excluded.max_valor, ` +
    'max_atraso = excluded.max_atraso, min_venc = excluded.min_venc'
  );
}

/**
 * SQLite: the maxima of one changed month row (NEW) that only rose (or stayed): the roll-up's rows
 * of its year and of '*' rise the same way, without reading the months again.
 */
function raiseMaxima(): string {
  const larger = (c: string, fn: 'max' | 'min') =>
    `${c} = ${fn}(coalesce(fines_cube_max_roll.${c}, excluded.${c}), coalesce(excluded.${c}, fines_cube_max_roll.${c}))`;
  const combo = COMBO.map((c) => `NEW.${c}`).join(', ');
  const values = 'NEW.max_valor, NEW.max_atraso, NEW.min_venc';
  return (
    `insert into fines_cube_max_roll (${MAX_KEY}, max_valor, max_atraso, min_venc) ` +
    `select '*', ${combo}, ${values} union all select substr(NEW.mes, 1, 4), ${combo}, ${values} where NEW.mes <> '' ` +
    `on conflict (${MAX_KEY}) do update set ${larger('max_valor', 'max')}, ${larger('max_atraso', 'max')}, ${larger('min_venc', 'min')}`
  );
}

/** SQLite: NEW's maxima are OLD's or beyond (none lowered, none unset). */
const ROSE =
  '(OLD.max_valor is null or coalesce(NEW.max_valor >= OLD.max_valor, 0)) and ' +
  '(OLD.max_atraso is null or coalesce(NEW.max_atraso >= OLD.max_atraso, 0)) and ' +
  '(OLD.min_venc is null or coalesce(NEW.min_venc <= OLD.min_venc, 0))';

/** SQLite: one NEW/OLD row of the cube as a one-row table, its count and value times `sign`. */
const cubeRow = (alias: 'NEW' | 'OLD', sign = '') =>
  `(select ${['mes', ...CELL].map((c) => `${alias}.${c} as ${c}`).join(', ')}, ${sign}${alias}.count as count, ${sign}${alias}.value as value)`;
const maxRow = (alias: 'NEW' | 'OLD') =>
  `(select ${['mes', ...COMBO].map((c) => `${alias}.${c} as ${c}`).join(', ')})`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  const dialect: Dialect = isPostgres(db) ? 'postgres' : 'sqlite';
  let roll = db.schema
    .createTable('fines_cube_roll')
    .addColumn('ano', 'varchar(4)', (c) => c.notNull())
    .addColumn('dim', 'varchar(20)', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull());
  for (const c of COMBO) roll = roll.addColumn(c, 'text', (col) => col.notNull());
  await roll
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    // Read by year ('*' or a range of years), grouped by (dim, key).
    .addPrimaryKeyConstraint('fines_cube_roll_pk', ['ano', ...CELL] as never)
    .$call((t) => t.modifyEnd(dialect === 'sqlite' ? sql`without rowid` : FILL))
    .execute();
  let max = db.schema.createTable('fines_cube_max_roll').addColumn('ano', 'varchar(4)', (c) => c.notNull());
  for (const c of COMBO) max = max.addColumn(c, 'text', (col) => col.notNull());
  await max
    .addColumn('max_valor', 'bigint')
    .addColumn('max_atraso', 'integer')
    .addColumn('min_venc', 'text')
    .addPrimaryKeyConstraint('fines_cube_max_roll_pk', ['ano', ...COMBO] as never)
    .$call((t) => t.modifyEnd(dialect === 'sqlite' ? sql`without rowid` : FILL))
    .execute();
  // A combination's months, for reading its maxima again (fines_cube_max's key starts with the month).
  await sql
    .raw(`create index fines_cube_max_combo_idx on fines_cube_max (${[...COMBO, 'mes'].join(', ')})`)
    .execute(db);
  await sql.raw(addToRoll('fines_cube')).execute(db);
  await sql.raw(rereadMaxima('fines_cube_max')).execute(db);

  if (dialect === 'postgres') {
    // The cube's two tables the same way: rewritten once in key order, then room for HOT updates.
    for (const [table, key] of [
      ['fines_cube', 'fines_cube_pk'],
      ['fines_cube_max', 'fines_cube_max_pk'],
    ]) {
      await sql.raw(`alter table ${table} set (fillfactor = 70)`).execute(db);
      await sql.raw(`cluster ${table} using ${key}`).execute(db);
      await sql.raw(`analyze ${table}`).execute(db);
    }
    const signed = (t: string, sign: '' | '-') =>
      `select mes, ${CELL.join(', ')}, ${sign}count as count, ${sign}value as value from ${t}`;
    await sql
      .raw(
        `create function fines_cube_roll_sync() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${addToRoll(`(${signed('new_rows', '')})`)};
  elsif tg_op = 'UPDATE' then
    ${addToRoll(`(${signed('new_rows', '')} union all ${signed('old_rows', '-')})`)};
  else
    ${addToRoll(`(${signed('old_rows', '-')})`)};
  end if;
  return null;
end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function fines_cube_max_roll_sync() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${rereadMaxima('new_rows')};
  elsif tg_op = 'UPDATE' then
    ${rereadMaxima(`(select * from new_rows union all select * from old_rows)`)};
  else
    ${rereadMaxima('old_rows')};
  end if;
  return null;
end $$`,
      )
      .execute(db);
    for (const [table, fn] of [
      ['fines_cube', 'fines_cube_roll_sync'],
      ['fines_cube_max', 'fines_cube_max_roll_sync'],
    ] as const) {
      await sql
        .raw(
          `create trigger ${table}_roll_ins after insert on ${table} referencing new table as new_rows
          for each statement execute function ${fn}()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_roll_upd after update on ${table}
          referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_roll_del after delete on ${table} referencing old table as old_rows
          for each statement execute function ${fn}()`,
        )
        .execute(db);
    }
    // A cube emptied at once empties its roll-up.
    await sql
      .raw(`create function fines_cube_roll_clear() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'fines_cube' then truncate fines_cube_roll; else truncate fines_cube_max_roll; end if;
  return null;
end $$`)
      .execute(db);
    for (const table of ['fines_cube', 'fines_cube_max']) {
      await sql
        .raw(
          `create trigger ${table}_roll_trunc after truncate on ${table} for each statement execute function fines_cube_roll_clear()`,
        )
        .execute(db);
    }
    return;
  }
  const trigger = (name: string, event: string, body: string[]) =>
    sql.raw(`create trigger ${name} after ${event} begin ${body.join('; ')}; end`).execute(db);
  await trigger('fines_cube_roll_ins', 'insert on fines_cube', [addToRoll(cubeRow('NEW'), true)]);
  await trigger('fines_cube_roll_upd', 'update on fines_cube', [
    addToRoll(
      `(select ${['mes', ...CELL].map((c) => `NEW.${c} as ${c}`).join(', ')}, NEW.count - OLD.count as count, NEW.value - OLD.value as value)`,
      true,
    ),
  ]);
  await trigger('fines_cube_roll_del', 'delete on fines_cube', [addToRoll(cubeRow('OLD', '-'), true)]);
  // A new month row or one whose maxima rose (most inserted fines) raises the roll-up; one lowered
  // (an update or a delete of the month's largest / oldest fine) has it read again.
  await trigger('fines_cube_max_roll_ins', 'insert on fines_cube_max', [raiseMaxima()]);
  await trigger('fines_cube_max_roll_upd', `update on fines_cube_max when ${ROSE}`, [raiseMaxima()]);
  await trigger('fines_cube_max_roll_low', `update on fines_cube_max when not (${ROSE})`, [
    rereadMaxima(maxRow('NEW')),
  ]);
  await trigger('fines_cube_max_roll_del', 'delete on fines_cube_max', [rereadMaxima(maxRow('OLD'))]);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const table of ['fines_cube', 'fines_cube_max']) {
    for (const t of ['ins', 'upd', 'del', ...(pg ? ['trunc'] : ['low'])]) {
      await sql.raw(`drop trigger if exists ${table}_roll_${t}${pg ? ` on ${table}` : ''}`).execute(db);
    }
  }
  if (pg) {
    for (const fn of ['fines_cube_roll_sync', 'fines_cube_max_roll_sync', 'fines_cube_roll_clear']) {
      await sql.raw(`drop function if exists ${fn}()`).execute(db);
    }
  }
  await sql`drop index if exists fines_cube_max_combo_idx`.execute(db);
  await db.schema.dropTable('fines_cube_max_roll').execute();
  await db.schema.dropTable('fines_cube_roll').execute();
}
