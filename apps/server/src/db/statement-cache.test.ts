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

  it('answers the row objects better-sqlite3 makes: same keys in the same order, same values', () => {
    const db = open();
    sqlite.exec(`create table m (id integer primary key, t text, r real, b blob, n integer);
      insert into m values (1, 'Informação', 1.5, x'0102', null), (2, '', -0.25, null, 9007199254740991)`);
    const texts = [
      'select * from m order by id',
      'select id, t as "nome", r, id as "t", b from m order by id',
      'select count(*) as total, max(r) from m',
      'select 1 as one where 0',
    ];
    for (const text of texts) {
      const own = sqlite.prepare(text).all() as Record<string, unknown>[];
      const built = db.prepare(text).all([]) as Record<string, unknown>[];
      expect(built).toEqual(own);
      expect(built.map((row) => Object.keys(row))).toEqual(own.map((row) => Object.keys(row)));
      expect(built.map((row) => Object.getPrototypeOf(row))).toEqual(own.map(() => Object.prototype));
    }
    // A column named __proto__ is an own property of the row, never its prototype (better-sqlite3
    // drops it: no query of ours has one).
    const [first] = db.prepare(`select 'p' as "__proto__", 1 as id`).all([]) as Record<string, unknown>[];
    expect(Object.getOwnPropertyDescriptor(first, '__proto__')?.value).toBe('p');
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
  });

  it('reads the names again after a schema change (a cached `select *` after a rename)', () => {
    const db = open();
    const text = 'select * from t where id = ?';
    expect(db.prepare(text).all([1])).toEqual([{ id: 1, v: '1' }]);
    sqlite.exec('alter table t rename column v to value');
    expect(db.prepare(text).all([1])).toEqual([{ id: 1, value: '1' }]);
    sqlite.exec('alter table t add column w text');
    expect(db.prepare(text).all([2])).toEqual([{ id: 2, value: '2', w: null }]);
  });

  it('builds the objects of iterated rows and of a statement returning rows', () => {
    const db = open();
    expect([...db.prepare('select id, v from t order by id desc').iterate([])].slice(0, 2)).toEqual([
      { id: 4, v: '4' },
      { id: 3, v: '3' },
    ]);
    expect(db.prepare('insert into t (v) values (?) returning id, v').all(['cinco'])).toEqual([
      { id: 5, v: 'cinco' },
    ]);
    expect(db.prepare('update t set v = ? where id = ?').run(['5', 5]).changes).toBe(1);
  });
});
