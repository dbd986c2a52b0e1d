import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Expression,
  type Kysely,
  PostgresAdapter,
  type QueryExecutor,
  sql,
} from 'kysely';

/** The few places where SQLite and PostgreSQL need different SQL live here. */
export function isPostgres(db: { getExecutor(): QueryExecutor }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key named id. */
export function withId<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/** Case-insensitive LIKE on both databases; backslash escapes (see likeContains) on both too. */
export const ilike = (column: string, pattern: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;

/** Escapes % and _ so a user's text is matched literally inside a LIKE pattern. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/**
 * Whole days from one `yyyy-MM-dd` text column or value to another (to − from), on both databases.
 * Dates are calendar days: no time zone takes part.
 */
export function daysBetween(
  db: { getExecutor: Kysely<unknown>['getExecutor'] },
  from: Expression<unknown>,
  to: Expression<unknown>,
) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<number>`(to_date(${to}, 'YYYY-MM-DD') - to_date(${from}, 'YYYY-MM-DD'))`
    : sql<number>`cast(julianday(${to}) - julianday(${from}) as integer)`;
}

/**
 * Locks one row for the rest of the transaction, so that changes hanging on it (a person's
 * vacations) run one after the other: `SELECT … FOR UPDATE` on PostgreSQL; SQLite has one writer
 * and one connection here, so its transactions already run one at a time.
 */
export async function lockRow(
  tx: { getExecutor(): QueryExecutor },
  table: string,
  id: number,
): Promise<void> {
  if (!isPostgres(tx)) return;
  await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(tx);
}

/**
 * SQLite: runs `run` with a page cache of `mib` MiB on the connection, then puts the previous size
 * back (its memory is freed). For a bulk write that touches most pages of a big table and its
 * indexes (the fines import): with the default 2 MiB, SQLite reads the same pages again from the
 * file for each batch. PostgreSQL: `run` as it is (its buffers are the server's).
 */
export async function withPageCache<D, T>(db: Kysely<D>, mib: number, run: () => Promise<T>): Promise<T> {
  if (isPostgres(db)) return run();
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  const previous = Number(rows[0]?.cache_size ?? -2000);
  await sql.raw(`pragma cache_size = ${-Math.round(mib * 1024)}`).execute(db);
  try {
    return await run();
  } finally {
    await sql.raw(`pragma cache_size = ${previous}`).execute(db);
  }
}
