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
