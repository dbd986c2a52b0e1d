import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { wantsArrayRows } from './array-rows.ts';

/**
 * better-sqlite3 for Kysely's SqliteDialect with its prepared statements kept: Kysely prepares
 * every query anew, about a fifth of a simple request's CPU (docs/performance.md). The cache is
 * keyed by SQL text and bounded (least recently used dropped). A statement that a streamed query
 * is still iterating is `busy` and cannot run again, so it gets a fresh one. Parameters are bound
 * on each call, and SQLite prepares a statement again by itself after a schema change. A query
 * marked for array rows (array-rows.ts) gets a `raw` statement: arrays instead of row objects.
 */
/**
 * Kysely opens a transaction with a deferred `begin`, which takes the write lock at its first write.
 * With several server processes on one file, a transaction that read before another process wrote
 * then fails at once (SQLITE_BUSY_SNAPSHOT, the busy timeout does not apply); an immediate one
 * takes the lock first and waits its turn within busy_timeout.
 */
const BEGIN = 'begin immediate';

export function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  const fresh = (text: string) => {
    const statement = sqlite.prepare(text === 'begin' ? BEGIN : text);
    return wantsArrayRows(text) ? statement.raw(true) : statement;
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
