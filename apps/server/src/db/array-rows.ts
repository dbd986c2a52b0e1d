import type { Compilable, CompiledQuery, QueryResult } from 'kysely';

/** The database or a transaction (database.ts#DbOrTx, named by its one method: no import back up). */
interface QueryRunner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/**
 * Marks a query whose rows the drivers answer as arrays (the select list's values in its order)
 * instead of one object per row: better-sqlite3's `raw(true)` statements (statement-cache.ts) and
 * pg's `rowMode: 'array'` (prepared-statements.ts). For bulk reads (exports): building a 44-key
 * object per row cost about three quarters of the read of 100,000 fines on SQLite and most of the
 * garbage collection after it (decision 0073). The mark is an SQL comment at
 * the start of the text, so the query still runs through Kysely (its connection, a transaction)
 * and the two drivers' layers only look at the text they are given.
 */
const MARK = '/* rows as arrays */ ';

/** Whether the drivers should answer this SQL text's rows as arrays. */
export const wantsArrayRows = (text: string): boolean => text.startsWith(MARK);

/** Runs a select and answers its rows as arrays, in the order of its select list. */
export async function arrayRows(db: QueryRunner, query: Compilable<unknown>): Promise<unknown[][]> {
  const compiled = query.compile();
  const { rows } = await db.executeQuery<unknown[]>({ ...compiled, sql: MARK + compiled.sql });
  return rows;
}
