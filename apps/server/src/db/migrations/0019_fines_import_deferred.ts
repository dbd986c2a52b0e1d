import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { applySql } from './0014_fines_aggregates.ts';
import { applyCells, raiseMaxima, recomputeMaxima } from './0017_fines_cube.ts';

/**
 * Issue 11, the import's commit (decision 0086): the dashboard
 * summaries (0014 `fines_aggregates`, 0017 `fines_cube` / `fines_cube_max`) brought up to date ONCE
 * at the end of an import instead of by every batch's triggers.
 *
 * PostgreSQL: a transaction-local setting, `intranet.fines_deferred` = 'on' (set by `fines_import_defer()`,
 * gone at commit or rollback), makes the summaries' statement triggers return at once; a third
 * statement trigger, `fines_import_capture`, then copies the statement's transition tables into
 * two temporary tables of that transaction (`fines_import_old`: rows deleted or before an update;
 * `fines_import_new`: rows inserted or after an update; `on commit drop`). `fines_import_apply()`
 * at the end turns the setting off and brings the summaries up to date from them with the same
 * cell definitions as the triggers (0014's and 0017's generators):
 * - cells: old rows' cells subtracted, new rows' cells added (sums: any sequence of inserts,
 *   updates and deletes of the same fine nets out);
 * - maxima: raised for the new rows FIRST, then read again from the fines for every combination
 *   of the old rows. A row's version that a later statement of the same transaction changed or
 *   deleted is in the old rows too, so whatever it raised is read again: no maximum is left too
 *   high, and every current fine was either raised or read again.
 * Other transactions are unaffected: the setting and the temporary tables are this
 * transaction's, so a fine another connection writes meanwhile is counted by its own triggers, once
 * (an `id > last id` rule would count it twice).
 *
 * SQLite (one writer: inside the import's transaction nothing else writes): 0016's pause row now
 * holds the largest fine id before the import and pauses the update and delete triggers too
 * (0014's and 0017's, read back and given the pause condition, as 0016 did for the insert ones).
 * While it exists, `fines_import_capture_upd` / `_del` copy the old and new versions of the fines
 * that existed before (id ≤ the pause's id) into `fines_import_old` / `fines_import_new` (the
 * dashboard's columns only; a fine inserted by the import is counted from its current row at the
 * end, whatever happened to it since). Deleting the pause row (`fines_import_apply`, a trigger on
 * it) applies them the same way as on PostgreSQL, with the fines above its id added to the new
 * rows, then empties the two tables.
 */

/** The first lines of the summaries' trigger functions: return while the import defers them. */
const DEFERRED = `if current_setting('intranet.fines_deferred', true) = 'on' then
    return null;
  end if;`;

/** A plpgsql function's body (0014's / 0017's), read back from the database. */
async function body(
  // biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder
  db: Kysely<any>,
  name: string,
): Promise<string> {
  const { rows } = await sql<{
    src: string;
  }>`select prosrc as src from pg_proc where proname = ${name}`.execute(db);
  const src = rows[0]?.src;
  if (!src?.trimStart().startsWith('begin')) throw new Error(`${name}: function not found`);
  return src;
}

const replaceFunction = (name: string, src: string) =>
  sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $fn$${src}$fn$`);

/** The fines' columns the summaries' cells read (0014's and 0017's), and the id. */
const COLUMNS = [
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
].map((c) => `"${c}"`);
const LIST = COLUMNS.join(', ');
const values = (alias: 'OLD' | 'NEW') => COLUMNS.map((c) => `${alias}.${c}`).join(', ');

/** SQLite: the update and delete triggers of 0014 and 0017, and the head each gets while paused. */
const PAUSABLE: [string, string][] = [
  ['fines_aggregates_upd', 'after update on fines'],
  ['fines_aggregates_del', 'after delete on fines'],
  ['fines_cube_upd', 'after update on fines'],
  ['fines_cube_del', 'after delete on fines'],
];
const PAUSED = 'when not exists (select 1 from fines_aggregates_pause)';

// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder
async function recreateTrigger(db: Kysely<any>, name: string, from: string, to: string): Promise<void> {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'trigger' and name = ${name}`.execute(db);
  const text = rows[0]?.sql;
  if (!text?.includes(from)) throw new Error(`${name}: trigger not found`);
  await sql.raw(`drop trigger ${name}`).execute(db);
  await sql.raw(text.replace(from, to)).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder
async function upSqlite(db: Kysely<any>): Promise<void> {
  for (const [name, head] of PAUSABLE)
    await recreateTrigger(db, name, `${head} begin`, `${head} ${PAUSED} begin`);
  const kinds = await sql<{
    name: string;
    type: string;
  }>`select name, type from pragma_table_info('fines')`.execute(db);
  const typeOf = (c: string) => kinds.rows.find((k) => `"${k.name}"` === c)?.type || 'text';
  for (const table of ['fines_import_old', 'fines_import_new']) {
    await sql
      .raw(`create table ${table} (${COLUMNS.map((c) => `${c} ${typeOf(c)}`).join(', ')})`)
      .execute(db);
  }
  const before = 'exists (select 1 from fines_aggregates_pause p where OLD.id <= p.paused)';
  await sql
    .raw(`create trigger fines_import_capture_upd after update on fines when ${before} begin
      insert into fines_import_old (${LIST}) values (${values('OLD')});
      insert into fines_import_new (${LIST}) values (${values('NEW')}); end`)
    .execute(db);
  await sql
    .raw(`create trigger fines_import_capture_del after delete on fines when ${before} begin
      insert into fines_import_old (${LIST}) values (${values('OLD')}); end`)
    .execute(db);
  const old = 'fines_import_old r';
  const added = `(select ${LIST} from fines where id > OLD.paused union all select ${LIST} from fines_import_new) r`;
  await sql
    .raw(`create trigger fines_import_apply after delete on fines_aggregates_pause begin
      ${applySql('sqlite', old, -1)};
      ${applySql('sqlite', added, 1)};
      ${applyCells(old, -1, false)};
      ${applyCells(added, 1, false)};
      ${raiseMaxima('sqlite', added)};
      ${recomputeMaxima('sqlite', old)};
      delete from fines_import_old;
      delete from fines_import_new; end`)
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return upSqlite(db);
  for (const name of ['fines_aggregates_sync', 'fines_cube_sync']) {
    const src = await body(db, name);
    await replaceFunction(name, src.replace('begin', `begin\n  ${DEFERRED}`)).execute(db);
  }
  await sql`create function fines_import_capture() returns trigger language plpgsql as $$
begin
  if current_setting('intranet.fines_deferred', true) is distinct from 'on' then
    return null;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    insert into fines_import_old select ${sql.raw(LIST)} from old_rows;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into fines_import_new select ${sql.raw(LIST)} from new_rows;
  end if;
  return null;
end $$`.execute(db);
  await sql`create trigger fines_import_capture_ins after insert on fines referencing new table as new_rows
    for each statement execute function fines_import_capture()`.execute(db);
  await sql`create trigger fines_import_capture_upd after update on fines
    referencing old table as old_rows new table as new_rows
    for each statement execute function fines_import_capture()`.execute(db);
  await sql`create trigger fines_import_capture_del after delete on fines referencing old table as old_rows
    for each statement execute function fines_import_capture()`.execute(db);
  await sql`create function fines_import_defer() returns void language plpgsql as $$
begin
  create temp table if not exists fines_import_old on commit drop as select ${sql.raw(LIST)} from fines with no data;
  create temp table if not exists fines_import_new on commit drop as select ${sql.raw(LIST)} from fines with no data;
  perform set_config('intranet.fines_deferred', 'on', true);
end $$`.execute(db);
  const old = 'fines_import_old r';
  const added = 'fines_import_new r';
  await sql
    .raw(`create function fines_import_apply() returns void language plpgsql as $$
begin
  perform set_config('intranet.fines_deferred', 'off', true);
  ${applySql('postgres', old, -1)};
  ${applySql('postgres', added, 1)};
  ${applyCells(old, -1, false)};
  ${applyCells(added, 1, false)};
  ${raiseMaxima('postgres', added)};
  ${recomputeMaxima('postgres', old)};
  truncate fines_import_old, fines_import_new;
end $$`)
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const t of ['fines_import_apply', 'fines_import_capture_upd', 'fines_import_capture_del'])
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
    await sql`drop table if exists fines_import_old`.execute(db);
    await sql`drop table if exists fines_import_new`.execute(db);
    for (const [name, head] of PAUSABLE)
      await recreateTrigger(db, name, `${head} ${PAUSED} begin`, `${head} begin`);
    return;
  }
  await sql`drop function if exists fines_import_apply()`.execute(db);
  await sql`drop function if exists fines_import_defer()`.execute(db);
  for (const t of ['ins', 'upd', 'del'])
    await sql.raw(`drop trigger if exists fines_import_capture_${t} on fines`).execute(db);
  await sql`drop function if exists fines_import_capture()`.execute(db);
  for (const name of ['fines_aggregates_sync', 'fines_cube_sync']) {
    const src = await body(db, name);
    await replaceFunction(name, src.replace(`\n  ${DEFERRED}`, '')).execute(db);
  }
}
