import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
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
