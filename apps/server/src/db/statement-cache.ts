import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { wantsArrayRows } from './array-rows.ts';
import { rowBuilder } from './row-builder.ts';

/**
 * Kysely opens a transaction with a deferred `begin`, which takes the write lock at its first write.
 * With several server processes on one file, a transaction that read before another process wrote
 * then fails at once (SQLITE_BUSY_SNAPSHOT, the busy timeout does not apply); an immediate one
 * takes the lock first and waits its turn within busy_timeout.
 */
const BEGIN = 'begin immediate';

/**
 * better-sqlite3 for Kysely's SqliteDialect with its prepared statements kept: Kysely prepares
 * every query anew, about a fifth of a simple request's CPU (decision 0020). The cache is
 * keyed by SQL text and bounded (least recently used dropped). A statement that a streamed query
 * is still iterating is `busy` and cannot run again, so it gets a fresh one. Parameters are bound
 * on each call, and SQLite prepares a statement again by itself after a schema change. A query
 * marked for array rows (array-rows.ts) gets a `raw` statement: arrays instead of row objects.
 *
 * Every other statement that answers rows also runs `raw`, and its rows are built in JavaScript
 * by rowBuilder: the same keys in the same order with the same values as better-sqlite3's own row
 * objects, at a fraction of their cost (better-sqlite3 sets each column of each row by name from
 * C++; a 100-row page of 11 columns cost 0.25 ms more that way, and the objects it makes are slow
 * to read and copy afterwards: decision 0022). The row's names are
 * the statement's column names, read again whenever SQLite's schema version has changed since
 * they were last read (a `select *` after an `alter table` answers other columns).
 */
export function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, CachedStatement>();
  const schemaVersion = sqlite.prepare('pragma schema_version').pluck();
  const version = () => schemaVersion.get() as number;
  const fresh = (text: string): CachedStatement => {
    const statement = sqlite.prepare(text === 'begin' ? BEGIN : text);
    if (wantsArrayRows(text)) return statement.raw(true);
    return statement.reader ? objectRows(statement.raw(true), version) : statement;
  };
  return {
    close() {
      cache.clear();
      sqlite.close();
    },
    prepare(text) {
      const cached = cache.get(text);
      if (cached) {
        if (cached.busy) return fresh(text);
        cache.delete(text);
        cache.set(text, cached);
        return cached;
      }
      const statement = fresh(text);
      cache.set(text, statement);
      if (cache.size > max) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      return statement;
    },
  };
}

/** What the cache keeps: a better-sqlite3 statement, or one answering objects built from its raw rows. */
type CachedStatement = SqliteStatement & { readonly busy: boolean };

/**
 * A raw statement answering row objects (Kysely's SqliteStatement: `all`, `iterate`, `run`): each
 * array better-sqlite3 answers becomes an object with the statement's column names. The names are
 * read after the rows, when the schema version has changed: SQLite prepares the statement again
 * on its next run after a schema change, so the names read then are those of the rows just read.
 */
function objectRows(statement: SQLite.Statement, version: () => number): CachedStatement {
  let knownVersion: number | undefined;
  let build: (values: unknown[]) => unknown = () => {
    throw new Error('statement-cache: rows built before their names were read');
  };
  const builder = () => {
    const now = version();
    if (now !== knownVersion) {
      build = rowBuilder(statement.columns().map((column) => column.name));
      knownVersion = now;
    }
    return build;
  };
  return {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all(parameters) {
      const rows = statement.all(parameters as unknown[]) as unknown[][];
      const toObject = builder();
      const objects = new Array<unknown>(rows.length);
      for (let i = 0; i < rows.length; i++) objects[i] = toObject(rows[i]!);
      return objects;
    },
    *iterate(parameters) {
      let toObject: ((values: unknown[]) => unknown) | undefined;
      for (const row of statement.iterate(parameters as unknown[]) as IterableIterator<unknown[]>) {
        toObject ??= builder();
        yield toObject(row);
      }
    },
    run(parameters) {
      return statement.run(parameters as unknown[]);
    },
  };
}
