import { searchKey } from '@intranet/contracts';
import type SQLite from 'better-sqlite3';
import { type Kysely, type QueryExecutor, type RawBuilder, type SqlBool, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Indexed "contains" search, ignoring accents and case, on both databases (issue 14; decision in
 * docs/decisions.md, Platform). Every searchable column is indexed in its search form
 * (contracts' `searchKey`: lower case, no accents), kept in step by the database itself, so no
 * insert or update of the application has to remember it:
 * - SQLite: one FTS5 table `<table>_search` (trigram tokenizer) per table, holding
 *   `search_key(column)` of each searchable column under the row's id, filled by triggers;
 *   `search_key` is contracts' `searchKey`, registered on every connection (`registerSearchKey`).
 * - PostgreSQL: a GIN `pg_trgm` index on `search_key(column)` per column; `search_key` is an
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
 * "contains" page that walks the sort's index (platform/paged-query.ts) calls it on every row it
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

/** FTS5's trigram index answers substrings of at least 3 characters. */
const TRIGRAM = 3;

/**
 * pagedQuery's probe of a "contains" list (platform/paged-query.ts#walkedPage): each "contains"
 * filter adds to `counts` how many rows of its table match its text alone, counted in the search
 * index up to `limit` (so a common text costs no more than `limit` index entries), and tests no row.
 */
export interface TextProbe {
  limit: number;
  counts: RawBuilder<number>[];
  /**
   * Set by each filter whose `index` and `scan` forms differ (every "contains"; a range on SQLite,
   * paged-query.ts#rangeTest): pagedQuery asks a probe this instead of compiling both forms.
   */
  scanDiffers?: boolean;
}

/**
 * How a "contains" is tested (platform/text-search.ts#TextTest): through the search index, by the
 * row's search key row by row (no index: cheap when the rows are walked anyway), not at all, or not
 * at all while counting the text's matches in the search index (a TextProbe).
 */
export type TextTest = 'index' | 'scan' | 'ignore' | TextProbe;

/**
 * `ref` (a "table.column" or "alias.column" reference) contains `text`, ignoring accents and case.
 * `index`: through the search index of `table`; on SQLite a text shorter than 3 characters (which
 * no trigram can match) scans the search table instead: still right, and such short texts match
 * most rows anyway. `scan`: the same rows, tested on each row's search key (`instr` / `strpos`,
 * which no index serves): what a walk of the sort's index tests. `ignore`: every row.
 */
export function containsSearch(
  db: { getExecutor(): QueryExecutor },
  table: string,
  column: string,
  ref: string,
  idRef: string,
  text: string,
  how: TextTest = 'index',
): RawBuilder<SqlBool> {
  if (how === 'ignore') return sql<SqlBool>`1 = 1`;
  if (isPostgres(db)) {
    if (how === 'scan') return sql<SqlBool>`strpos(search_key(${sql.ref(ref)}), search_key(${text})) > 0`;
    const pattern = `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const like = (on: RawBuilder<unknown>) =>
      sql<SqlBool>`search_key(${on}) like search_key(${pattern}) escape '\\'`;
    if (typeof how === 'object') {
      how.scanDiffers = true;
      // A text too short for a trigram would read the whole GIN index: not probed, taken as common.
      how.counts.push(
        [...searchKey(text)].length >= TRIGRAM
          ? sql<number>`(select count(*) from (select 1 from ${ident(table)}
            where ${like(sql.ref(column))} limit ${sql.lit(how.limit)}) as probe)`
          : sql<number>`${sql.lit(how.limit)}`,
      );
      return sql<SqlBool>`1 = 1`;
    }
    return like(sql.ref(ref));
  }
  const key = searchKey(text);
  if (how === 'scan') return sql<SqlBool>`instr(search_key(${sql.ref(ref)}), ${key}) > 0`;
  const fts = ident(`${table}_search`);
  const trigrams = [...key].length >= TRIGRAM;
  const match = trigrams
    ? sql`${ident(column)} match ${`"${key.replaceAll('"', '""')}"`}`
    : sql`instr(${ident(column)}, ${key}) > 0`;
  if (typeof how === 'object') {
    how.scanDiffers = true;
    // A text too short for a trigram would scan the search table: not probed, taken as common.
    how.counts.push(
      trigrams
        ? sql<number>`(select count(*) from (select 1 from ${fts} where ${match} limit ${sql.lit(how.limit)}))`
        : sql<number>`${sql.lit(how.limit)}`,
    );
    return sql<SqlBool>`1 = 1`;
  }
  return sql<SqlBool>`${sql.ref(idRef)} in (select rowid from ${fts} where ${match})`;
}
