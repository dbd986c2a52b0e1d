import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestApp } from '../harness.ts';

/** Columns that change on reads by design (a session's last use), left out of the fingerprint. */
const VOLATILE: Record<string, readonly string[]> = { sessions: ['last_seen_at'] };

/** Tables a refused request writes by design: the login and recovery limits count refusals. */
const COUNTS_REFUSALS = new Set(['rate_limit_counters']);

/** What a request may not change when it is refused: every row of every table, and every file. */
export interface State {
  /** Rows written so far (a counter kept by triggers): the tables are read again only when it moves. */
  writes: number;
  tables: Record<string, string>;
  files: string[];
}

const COUNTER = 'campaign_writes';

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A counter that every insert, update and delete of every table moves (test database only): a
 * request that wrote nothing is told apart with one cheap read instead of reading every table.
 */
async function installWriteCounter(t: TestApp, tables: string[]): Promise<void> {
  await sql.raw(`create table ${COUNTER} (n integer not null)`).execute(t.db);
  await sql.raw(`insert into ${COUNTER} (n) values (0)`).execute(t.db);
  const bump = `update ${COUNTER} set n = n + 1`;
  if (t.dialect === 'postgres') {
    await sql
      .raw(
        `create function ${COUNTER}_bump() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`,
      )
      .execute(t.db);
  }
  for (const [i, table] of tables.entries()) {
    const statement =
      t.dialect === 'sqlite'
        ? ['insert', 'update', 'delete'].map(
            (op) =>
              `create trigger ${COUNTER}_${i}_${op} after ${op} on ${quoteId(table)} begin ${bump}; end`,
          )
        : [
            `create trigger ${COUNTER}_${i} after insert or update or delete on ${quoteId(table)} ` +
              `for each statement execute function ${COUNTER}_bump()`,
          ];
    for (const s of statement) await sql.raw(s).execute(t.db);
  }
}

/**
 * One query that answers, per table, a fingerprint of all its rows (order-independent): the rows
 * themselves on SQLite, their md5 on PostgreSQL.
 */
function fingerprintQuery(
  dialect: TestApp['dialect'],
  tables: { name: string; columns: { name: string }[] }[],
) {
  const columns = tables.map((table) => {
    const cols = table.columns.map((c) => c.name).filter((c) => !VOLATILE[table.name]?.includes(c));
    const id = quoteId(table.name);
    if (dialect === 'sqlite') {
      const row = cols.map((c) => `quote(${quoteId(c)})`).join(` || '|' || `);
      return `(select group_concat(r, char(10)) from (select ${row} as r from ${id} order by r)) as ${id}`;
    }
    const row = `concat_ws('|', ${cols.map((c) => `coalesce(${quoteId(c)}::text, '∅')`).join(', ')})`;
    return `(select md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), '')) from ${id}) as ${id}`;
  });
  return `select ${columns.join(', ')}`;
}

function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(`${path.relative(root, full)} ${fs.statSync(full).size}`);
    }
  };
  walk(root);
  return out.sort();
}

/** Reads the whole state of a test app; `diff` names what differs between two readings. */
export async function stateReader(t: TestApp) {
  // SQLite's FTS5 search tables (db/search.ts) and their shadow tables are derived from the
  // tables they index, which are fingerprinted; triggers cannot be put on virtual tables.
  const virtual =
    t.dialect === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where sql like 'CREATE VIRTUAL TABLE%'`.execute(t.db)
        ).rows.map((r) => r.name)
      : [];
  const derived = (name: string) => virtual.some((v) => name === v || name.startsWith(`${v}_`));
  const tables = (await t.db.introspection.getTables()).filter(
    (table) => !table.isView && !derived(table.name) && !COUNTS_REFUSALS.has(table.name),
  );
  await installWriteCounter(
    t,
    tables.map((table) => table.name),
  );
  const query = fingerprintQuery(t.dialect, tables);
  // The database files themselves change on every write, including the ones other checks allow.
  const isDbFile = (f: string) => /^test\.sqlite(-wal|-shm|-journal)?\s/.test(f);
  return {
    /** The state now; the tables are read only when rows were written since `previous`. */
    async read(previous?: State): Promise<State> {
      const counter = await sql.raw<{ n: number | string }>(`select n from ${COUNTER}`).execute(t.db);
      const writes = Number(counter.rows[0]?.n);
      const files = listFiles(t.dataDir).filter((f) => !isDbFile(f));
      if (previous && previous.writes === writes) return { writes, tables: previous.tables, files };
      const { rows } = await sql.raw<Record<string, string | null>>(query).execute(t.db);
      return {
        writes,
        tables: Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, String(v)])),
        files,
      };
    },
    diff(before: State, after: State): string[] {
      const out = Object.keys(after.tables)
        .filter((k) => before.tables[k] !== after.tables[k])
        .map((k) => `tabela ${k}`);
      const added = after.files.filter((f) => !before.files.includes(f));
      const removed = before.files.filter((f) => !after.files.includes(f));
      if (added.length) out.push(`arquivos novos: ${added.join(', ')}`);
      if (removed.length) out.push(`arquivos removidos: ${removed.join(', ')}`);
      return out;
    },
  };
}
