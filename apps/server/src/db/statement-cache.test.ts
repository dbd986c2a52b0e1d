import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.ts';

let sqlite: SQLite.Database;
afterEach(() => sqlite?.open && sqlite.close());

function open(max?: number) {
  sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (id integer primary key, v text); insert into t (v) values (1), (2), (3), (4)');
  return withStatementCache(sqlite, max);
}

describe('withStatementCache', () => {
  it('hands out the same statement for the same SQL, parameters bound per call', () => {
    const db = open();
    const a = db.prepare('select v from t where id = ?');
    expect(db.prepare('select v from t where id = ?')).toBe(a);
    expect(a.all([1])).toEqual([{ v: '1' }]);
    expect(a.all([2])).toEqual([{ v: '2' }]);
  });

  it('gives a fresh statement while the cached one is being iterated (a streamed query)', () => {
    const db = open();
    const text = 'select id from t order by id';
    const outer = db.prepare(text).iterate([]);
    const seen: number[][] = [];
    for (const row of outer) {
      seen.push(
        db
          .prepare(text)
          .all([])
          .map((r) => (r as { id: number }).id),
      );
      if ((row as { id: number }).id === 2) break;
    }
    expect(seen).toEqual([
      [1, 2, 3, 4],
      [1, 2, 3, 4],
    ]);
    // The iteration ended: the cached statement is usable again.
    expect(db.prepare(text).all([])).toHaveLength(4);
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const db = open(2);
    const one = db.prepare('select 1');
    const two = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(one);
    db.prepare('select 3'); // drops "select 2", used least recently
    expect(db.prepare('select 1')).toBe(one);
    expect(db.prepare('select 2')).not.toBe(two);
  });

  it('serves Kysely: the same query streamed, run, and run again after a schema change', async () => {
    const db = new Kysely<{ t: { id: Generated<number>; v: string } }>({
      dialect: new SqliteDialect({ database: open() }),
    });
    const query = db.selectFrom('t').select('id').orderBy('id');
    const streamed: number[] = [];
    for await (const row of query.stream()) streamed.push(row.id);
    expect(streamed).toEqual([1, 2, 3, 4]);
    expect((await query.execute()).map((r) => r.id)).toEqual([1, 2, 3, 4]);
    const all = () => db.selectFrom('t').selectAll().where('id', '=', 1).execute();
    expect(await all()).toEqual([{ id: 1, v: '1' }]);
    await sql`alter table t add column w text`.execute(db);
    expect(await all()).toEqual([{ id: 1, v: '1', w: null }]);
    await db.destroy();
  });

  it('opens a transaction with the write lock: another process cannot write in between (begin immediate)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-cache-'));
    const file = path.join(dir, 'x.sqlite');
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table t (id integer primary key, v text); insert into t (v) values (1)');
    // Another server process on the same file, not waiting for a lock.
    const other = new SQLite(file, { timeout: 0 });
    const db = new Kysely<{ t: { id: Generated<number>; v: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    try {
      await db.transaction().execute(async (tx) => {
        // A deferred begin would let the other process commit here, and the write below would
        // then fail at once with SQLITE_BUSY_SNAPSHOT (no busy timeout applies to that one).
        const read = await tx.selectFrom('t').select('v').executeTakeFirstOrThrow();
        expect(() => other.exec("insert into t (v) values ('outro')")).toThrow(/locked|busy/i);
        await tx
          .insertInto('t')
          .values({ v: `${read.v}+1` })
          .execute();
      });
      expect(other.prepare('select v from t order by id').pluck().all()).toEqual(['1', '1+1']);
    } finally {
      other.close();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
