import { searchKey } from '@intranet/contracts';
import type SQLite from 'better-sqlite3';
import { type Kysely, type QueryExecutor, type RawBuilder, type SqlBool, sql } from 'kysely';
import { isPostgres, likeContains } from './dialect.ts';
import type { Database } from './schema.ts';

/**
 * Indexed "contains" search, ignoring accents and case, on both databases (issue 14; decision in
 * decision 0017). Every searchable column is indexed in its search form
 * (contracts' `searchKey`: lower case, no accents), kept in step by the database itself, so no
 * insert or update of the application has to remember it:
 * - SQLite: one FTS5 table `<table>_search` (trigram tokenizer) per table, holding
 *   `search_key(column)` of each searchable column under the row's id, filled by triggers;
 *   `search_key` is contracts' `searchKey`, registered on every connection (`registerSearchKey`).
 * - PostgreSQL: a GIN `pg_trgm` index on `search_key(column)` per column, or on the column's
 *   stored search form where it has one (STORED_SEARCH_KEYS); `search_key` is an
 *   IMMUTABLE SQL function (`lower(unaccent(...))`, extensions `unaccent` and `pg_trgm`, both
 *   shipped with PostgreSQL and trusted since 13: no superuser needed).
 * Queries use platform/text-search.ts#containsText. A migration adds a table's columns with
 * `createSearchIndex`; adding a column to a table that has one means dropping and recreating it.
 */

/** How many texts' keys `search_key` remembers (names repeat: a walk meets the same ones again). */
const KEY_CACHE = 10_000;

/**
 * Registers contracts' `searchKey` as the SQL function `search_key` on a SQLite connection. The
 * keys of the last texts are remembered (at most KEY_CACHE, forgotten all at once when full): a
 * "contains" page that walks the sort's index (platform/lists/paged-query.ts) calls it on every row it
 * reads, and the Unicode normalisation costs twice the call itself.
 */
export function registerSearchKey(sqlite: SQLite.Database): void {
  const keys = new Map<string, string>();
  sqlite.function('search_key', { deterministic: true }, (value: unknown) => {
    if (typeof value !== 'string') return value;
    let key = keys.get(value);
    if (key === undefined) {
      key = searchKey(value);
      if (keys.size >= KEY_CACHE) keys.clear();
      keys.set(value, key);
    }
    return key;
  });
}

const ident = (name: string) => sql.id(name);

// biome-ignore lint/suspicious/noExplicitAny: migrations use the untyped builder
type AnyDb = Kysely<any>;

/** PostgreSQL: the extensions and the `search_key` function (once per database; idempotent). */
async function ensurePostgresSearch(db: AnyDb): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  // unaccent(regdictionary, text) is STABLE only because the dictionary could change; naming it
  // makes the wrapper safe to declare IMMUTABLE (the usual way to index unaccent). unaccent runs
  // first: lower() of a "C" locale database only lowers ASCII.
  await sql`create or replace function search_key(text) returns text
    language sql immutable strict parallel safe
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`.execute(db);
}

/** Indexes `columns` of `table` (primary key `id`) for containsText. */
export async function createSearchIndex(db: AnyDb, table: string, columns: readonly string[]): Promise<void> {
  if (isPostgres(db)) {
    await ensurePostgresSearch(db);
    for (const column of columns) {
      await sql`create index ${ident(`${table}_${column}_search_idx`)} on ${ident(table)}
        using gin (search_key(${ident(column)}) gin_trgm_ops)`.execute(db);
    }
    return;
  }
  const fts = ident(`${table}_search`);
  const cols = sql.join(columns.map(ident));
  const keys = (row: 'new' | null) =>
    sql.join(columns.map((c) => (row ? sql`search_key(new.${ident(c)})` : sql`search_key(${ident(c)})`)));
  await sql`create virtual table ${fts} using fts5(${cols}, tokenize = 'trigram')`.execute(db);
  await sql`insert into ${fts} (rowid, ${cols}) select id, ${keys(null)} from ${ident(table)}`.execute(db);
  await sql`create trigger ${ident(`${table}_search_ai`)} after insert on ${ident(table)} begin
    insert into ${fts} (rowid, ${cols}) values (new.id, ${keys('new')}); end`.execute(db);
  await sql`create trigger ${ident(`${table}_search_au`)} after update of ${cols} on ${ident(table)} begin
    update ${fts} set ${sql.join(
      columns.map((c) => sql`${ident(c)} = search_key(new.${ident(c)})`),
    )} where rowid = new.id; end`.execute(db);
  await sql`create trigger ${ident(`${table}_search_ad`)} after delete on ${ident(table)} begin
    delete from ${fts} where rowid = old.id; end`.execute(db);
}

export async function dropSearchIndex(db: AnyDb, table: string, columns: readonly string[]): Promise<void> {
  if (isPostgres(db)) {
    for (const column of columns) await sql`drop index ${ident(`${table}_${column}_search_idx`)}`.execute(db);
    return;
  }
  for (const t of ['ai', 'au', 'ad']) await sql`drop trigger ${ident(`${table}_search_${t}`)}`.execute(db);
  await sql`drop table ${ident(`${table}_search`)}`.execute(db);
}

/** The column holding `column`'s search form, for a walk's row-by-row test (createSearchKeys). */
export const searchKeyColumn = (column: string) => `search_${column}`;

/**
 * The columns whose search form is stored in their row (createSearchKeys: migration 0026), whose
 * PostgreSQL trigram index is on that stored column (migration 0027): their "contains" through the
 * index tests the stored form. A column added here needs both migrations' steps; the schema's
 * `search_<column>` (platform/text-search.ts#TestOf) must say the same (checked by the type below).
 */
export const STORED_SEARCH_KEYS = {
  calls: ['nome_usuario', 'nome_suporte', 'matricula_usuario', 'setores_usuario', 'dep', 'filial'],
  users: ['nome'],
  purchase_requests: ['descript', 'nome_usuario'],
} as const satisfies {
  [T in keyof Database]?: readonly (keyof Database[T] & string)[];
};

/** Each STORED_SEARCH_KEYS column has its `search_<column>` in the schema (a type error if not). */
type Stored = typeof STORED_SEARCH_KEYS;
type MissingKey = {
  [T in keyof Stored]: `search_${Stored[T][number]}` extends keyof Database[T] ? never : T;
}[keyof Stored];
const everyKeyStored: [MissingKey] extends [never] ? true : MissingKey = true;
void everyKeyStored;

const storedKey = (table: string, column: string) =>
  (STORED_SEARCH_KEYS as Record<string, readonly string[]>)[table]?.includes(column) ?? false;

/**
 * Keeps each of `columns` of `table` also in its search form, in a column `search_<column>` of the
 * row itself: a "contains" page that walks the sort's index (platform/lists/paged-query.ts) tests every
 * row it reads, and a stored key is tested by the database alone. Calling `search_key` on each row
 * cost SQLite a call into JavaScript per row, three quarters of the walk (decision
 * 0027). PostgreSQL: a stored generated column. SQLite (which cannot add a stored
 * generated column to a table): a plain column filled now and by triggers after each insert and each
 * update of the columns, as the search table is.
 */
export async function createSearchKeys(db: AnyDb, table: string, columns: readonly string[]): Promise<void> {
  if (isPostgres(db)) {
    await ensurePostgresSearch(db);
    for (const column of columns) {
      await sql`alter table ${ident(table)} add column ${ident(searchKeyColumn(column))} text
        generated always as (search_key(${ident(column)})) stored`.execute(db);
    }
    return;
  }
  for (const column of columns) {
    await sql`alter table ${ident(table)} add column ${ident(searchKeyColumn(column))} text`.execute(db);
  }
  const set = (row: 'new' | null) =>
    sql.join(
      columns.map(
        (c) => sql`${ident(searchKeyColumn(c))} = search_key(${row ? sql`new.${ident(c)}` : ident(c)})`,
      ),
    );
  await sql`update ${ident(table)} set ${set(null)}`.execute(db);
  await sql`create trigger ${ident(`${table}_keys_ai`)} after insert on ${ident(table)} begin
    update ${ident(table)} set ${set('new')} where id = new.id; end`.execute(db);
  await sql`create trigger ${ident(`${table}_keys_au`)} after update of ${sql.join(columns.map(ident))}
    on ${ident(table)} begin
    update ${ident(table)} set ${set('new')} where id = new.id; end`.execute(db);
}

export async function dropSearchKeys(db: AnyDb, table: string, columns: readonly string[]): Promise<void> {
  if (!isPostgres(db)) {
    for (const t of ['ai', 'au']) await sql`drop trigger ${ident(`${table}_keys_${t}`)}`.execute(db);
  }
  for (const column of columns) {
    await sql`alter table ${ident(table)} drop column ${ident(searchKeyColumn(column))}`.execute(db);
  }
}

/** FTS5's trigram index answers substrings of at least 3 characters. */
const TRIGRAM = 3;

/**
 * pagedQuery's probe of a list's filters (platform/lists/walk.ts#walkedPage), which tests no row:
 * each range (lists/paged-query.ts#rangeTest) adds to `counts` how many rows of its table it matches
 * alone, counted through its index up to `limit`. A "contains" adds no count: its walk tests the
 * stored key and costs less than counting a common text in the search index.
 */
export interface TextProbe {
  limit: number;
  counts: RawBuilder<number>[];
  /**
   * Set by each filter whose `index` and `scan` forms differ (every "contains"; a range on SQLite,
   * lists/paged-query.ts#rangeTest): pagedQuery asks a probe this instead of compiling both forms.
   */
  scanDiffers?: boolean;
  /** Set by each "contains" (a list that walks only for ranges counts its total through them). */
  texts?: boolean;
  /**
   * Each "contains": the column it tests (`alias.column`, as a sort names it) and that test of
   * any value, for a list sorted by that column (platform/lists/skip.ts).
   */
  sorted?: {
    ref: string;
    table: string;
    column: string;
    test: (value: RawBuilder<unknown>) => RawBuilder<SqlBool>;
  }[];
  /**
   * Set by each filter whose `count` form differs from its `index` form (a director's "aguardando"
   * on SQLite, purchases.list.queries.ts#waitingFilter): pagedQuery then counts a first page's total
   * with the filters built for counting.
   */
  countDiffers?: boolean;
}

/**
 * How a "contains" is tested (platform/text-search.ts#TextTest): through the search index, by the
 * row's stored search key row by row (no index: cheap when the rows are walked anyway), or not at
 * all (`ignore`, and a TextProbe, which only learns that the two forms differ). `count`: as the
 * first page's total counts the rows, which is `index` for every filter but one that says
 * otherwise to a probe (TextProbe.countDiffers).
 */
export type TextTest = 'index' | 'count' | 'scan' | 'ignore' | TextProbe;

/**
 * `column` of `table` (named `alias` in the query) contains `text`, ignoring accents and case.
 * `index`: through the search index of `table`; on SQLite a text shorter than 3 characters (which
 * no trigram can match) scans the search table instead: still right, and such short texts match
 * most rows anyway. `scan`: the same rows, tested on each row's stored search key
 * (createSearchKeys; `instr` / `strpos`, which no index serves): what a walk of the sort's index
 * tests. `ignore` and a TextProbe: every row.
 */
export function containsSearch(
  db: { getExecutor(): QueryExecutor },
  table: string,
  column: string,
  alias: string,
  text: string,
  how: TextTest = 'index',
): RawBuilder<SqlBool> {
  if (how === 'ignore') return sql<SqlBool>`1 = 1`;
  if (typeof how === 'object') {
    // Not counted: a walk that finds too few matches costs less than counting a common text's
    // matches in the search index (decision 0027).
    how.scanDiffers = true;
    how.texts = true;
    how.sorted = how.sorted ?? [];
    // Built only if a skip asks (platform/lists/skip.ts): a probe runs on every request with a text.
    how.sorted.push({
      ref: `${alias}.${column}`,
      table,
      column,
      test: (value) =>
        isPostgres(db)
          ? sql<SqlBool>`strpos(search_key(${value}), search_key(${text})) > 0`
          : sql<SqlBool>`instr(search_key(${value}), ${searchKey(text)}) > 0`,
    });
    return sql<SqlBool>`1 = 1`;
  }
  const ref = `${alias}.${column}`;
  const keyRef = `${alias}.${searchKeyColumn(column)}`;
  if (isPostgres(db)) {
    if (how === 'scan') return sql<SqlBool>`strpos(${sql.ref(keyRef)}, search_key(${text})) > 0`;
    return storedKey(table, column) ? storedKeyLike(sql.ref(keyRef), text) : keyLike(sql.ref(ref), text);
  }
  const key = searchKey(text);
  if (how === 'scan') return sql<SqlBool>`instr(${sql.ref(keyRef)}, ${key}) > 0`;
  return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select rowid from ${ident(`${table}_search`)} where ${ftsMatch(ident(column), key)})`;
}

/**
 * PostgreSQL: `column`'s search key contains `text`'s, literally (the user's `%` and `_` are text):
 * the LIKE its trigram index (on `search_key(column)`) serves.
 */
const keyLike = (column: RawBuilder<unknown>, text: string) =>
  storedKeyLike(sql`search_key(${column})`, text);

/** PostgreSQL: a stored search key contains `text`'s, literally: the LIKE its trigram index serves. */
const storedKeyLike = (key: RawBuilder<unknown>, text: string) =>
  sql<SqlBool>`${key} like search_key(${likeContains(text)}) escape '\\'`;

/**
 * SQLite: the search table's `column` contains `key` (a search key): through the trigram index,
 * or, for a key shorter than a trigram, by reading every row of the search table.
 */
const ftsMatch = (column: RawBuilder<unknown>, key: string) =>
  [...key].length >= TRIGRAM
    ? sql<SqlBool>`${column} match ${`"${key.replaceAll('"', '""')}"`}`
    : sql<SqlBool>`instr(${column}, ${key}) > 0`;

/**
 * The ids of `table`'s rows whose `column` (or any of several) contains `text` (accents and case
 * ignored) and that pass `where` (a test of the row, aliased `t`), as a subquery with one column,
 * `id`, for a query that reads them newest first and stops at its LIMIT: it must order by this
 * subquery's `id` descending. SQLite reads the search table in that order itself (FTS5 walks its
 * index by rowid, in either direction, and the subquery is flattened), so a common text costs only
 * the rows the page reads, not every match sorted; several columns are one MATCH with a column
 * filter (a word common in one of them ends the walk soon, where a MATCH per column would read all
 * of a word's entries to find none in the other). PostgreSQL flattens it too and plans by its
 * statistics: the id index walked with each row tested for a common text, the trigram indexes and
 * a sort for a rare one. `where` tests `t`, not the subquery's `id`: SQLite would hand a set of ids
 * on the id to FTS5, which then runs the match once per id.
 */
export function matchingIds(
  db: { getExecutor(): QueryExecutor },
  table: string,
  column: string | readonly string[],
  text: string,
  where: RawBuilder<SqlBool> = sql<SqlBool>`1 = 1`,
): RawBuilder<{ id: number }> {
  const columns = typeof column === 'string' ? [column] : column;
  if (isPostgres(db)) {
    // A column with a stored search form is indexed on it (STORED_SEARCH_KEYS), not on search_key().
    const tests = columns.map((c) =>
      storedKey(table, c)
        ? storedKeyLike(sql.ref(`t.${searchKeyColumn(c)}`), text)
        : keyLike(sql.ref(`t.${c}`), text),
    );
    return sql<{ id: number }>`(select t.id from ${ident(table)} as t
      where (${sql.join(tests, sql` or `)}) and ${where})`;
  }
  const key = searchKey(text);
  const match =
    columns.length === 1
      ? ftsMatch(sql.ref(`s.${columns[0]}`), key)
      : [...key].length >= TRIGRAM
        ? sql<SqlBool>`${sql.ref(`s.${table}_search`)} match ${`{${columns.join(' ')}} : "${key.replaceAll('"', '""')}"`}`
        : sql<SqlBool>`(${sql.join(
            columns.map((c) => ftsMatch(sql.ref(`s.${c}`), key)),
            sql` or `,
          )})`;
  return sql<{ id: number }>`(select s.rowid as id from ${ident(`${table}_search`)} as s
    join ${ident(table)} as t on t.id = s.rowid
    where ${match} and ${where})`;
}
