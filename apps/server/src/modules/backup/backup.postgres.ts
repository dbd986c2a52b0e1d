import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Digest } from './backup.hash.ts';

/** Kysely's own bookkeeping: made by the migrations of the restore, never copied. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface DumpedTable {
  name: string;
  columns: string[];
  rows: number;
  digest: Digest;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** The schema's tables, each after the tables its foreign keys point to (self-references aside). */
async function tablesInLoadOrder(client: pg.Client): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      'select tablename as name from pg_tables where schemaname = current_schema() order by tablename',
    )
  ).rows
    .map((r) => r.name)
    .filter((t) => !MIGRATOR_TABLES.has(t));
  const links = (
    await client.query<{ child: string; parent: string }>(
      `select child.relname as child, parent.relname as parent
         from pg_constraint c
         join pg_class child on child.oid = c.conrelid
         join pg_class parent on parent.oid = c.confrelid
         join pg_namespace n on n.oid = child.relnamespace
        where c.contype = 'f' and n.nspname = current_schema()`,
    )
  ).rows;
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t) && links.every((l) => l.child !== t || l.parent === t || placed.has(l.parent)),
    );
    if (ready.length === 0) throw new Error('chaves estrangeiras em ciclo: ordem de carga indefinida');
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

/** A table's stored (not generated) columns, in their order. */
async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER'
      order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.name);
}

/**
 * A logical dump of every table through the driver (COPY … TO STDOUT, text format), all tables
 * read in one REPEATABLE READ transaction: one consistent state while the server keeps writing.
 * `write` gets each table's stream and answers where it went (its digest).
 */
export async function dumpPostgres(
  url: string,
  write: (table: string, data: AsyncIterable<Buffer>) => Promise<Digest>,
): Promise<{ tables: DumpedTable[]; migrations: string[] }> {
  const client = await connect(url);
  try {
    await client.query('begin isolation level repeatable read read only');
    const tables: DumpedTable[] = [];
    for (const name of await tablesInLoadOrder(client)) {
      const columns = await columnsOf(client, name);
      const stream = client.query(copyTo(`copy ${quote(name)} (${columns.map(quote).join(', ')}) to stdout`));
      const digest = await write(name, stream);
      tables.push({ name, columns, rows: digest.lines, digest });
    }
    const migrations = (
      await client.query<{ name: string }>('select name from kysely_migration order by name')
    ).rows.map((r) => r.name);
    await client.query('commit');
    return { tables, migrations };
  } finally {
    await client.end();
  }
}

/** True when the database has no table at all in its schema (a restore's target). */
export async function isEmptyPostgres(url: string): Promise<boolean> {
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_tables where schemaname = current_schema()',
    );
    return rows[0]?.n === 0;
  } finally {
    await client.end();
  }
}

/**
 * Loads the dumps into a database whose schema the migrations made up to the backup's level, in
 * one transaction: the tables' own triggers (the fines' summaries) are off while loading, as the
 * tables' owner (no superuser), since the summaries' rows come from the dump itself; the foreign
 * keys stay checked; each serial sequence then continues after the largest id loaded.
 */
export async function loadPostgres(
  url: string,
  tables: readonly { name: string; columns: string[] }[],
  fileOf: (table: string) => string,
): Promise<void> {
  const client = await connect(url);
  try {
    await client.query('begin');
    const names = tables.map((t) => quote(t.name));
    for (const name of names) await client.query(`alter table ${name} disable trigger user`);
    // Rows a migration inserted (initial summary rows) give way to the dump's.
    if (names.length > 0) await client.query(`truncate ${names.join(', ')}`);
    for (const table of tables) {
      const sink = client.query(
        copyFrom(`copy ${quote(table.name)} (${table.columns.map(quote).join(', ')}) from stdin`),
      );
      await pipeline(fs.createReadStream(fileOf(table.name)), sink);
    }
    for (const name of names) await client.query(`alter table ${name} enable trigger user`);
    const serials = await client.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and column_default like 'nextval(%'`,
    );
    for (const { table_name, column_name } of serials.rows) {
      const t = quote(table_name);
      const c = quote(column_name);
      await client.query(
        `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${c}) from ${t}), 1), (select max(${c}) from ${t}) is not null)`,
        [table_name, column_name],
      );
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
