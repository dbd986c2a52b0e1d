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
 * Locks rows of one table for the rest of the transaction, one after the other in the order given
 * (callers that lock overlapping sets list them in one agreed order, a tree's root first, so that
 * two of them never wait on each other): `share` lets other sharers through and holds back writers
 * and `update` lockers; `update` holds back both. PostgreSQL only, like lockRow: SQLite's
 * transactions already run one at a time.
 */
export async function lockRows(
  tx: { getExecutor(): QueryExecutor },
  table: string,
  ids: readonly number[],
  mode: 'share' | 'update',
): Promise<void> {
  if (!isPostgres(tx) || ids.length === 0) return;
  const order = sql`array_position(${sql.val([...ids])}::int[], id)`;
  await sql`select id from ${sql.table(table)} where id = any(${sql.val([...ids])}::int[])
    order by ${order} for ${sql.raw(mode)}`.execute(tx);
}

/**
 * Makes the transactions that take the same named lock run one after the other, until each commits
 * or rolls back: a lock on something no row stands for (every import's commit). PostgreSQL: a
 * transaction-level advisory lock on the name's hash; SQLite runs one transaction at a time.
 */
export async function lockName(tx: { getExecutor(): QueryExecutor }, name: string): Promise<void> {
  if (!isPostgres(tx)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(tx);
}
