import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 14, twelfth pass, PostgreSQL only: a column whose search form is stored in its row
 * (0026_search_keys) has its trigram index on that stored column instead of on the expression
 * `search_key(column)`. A LIKE through a trigram index rechecks every row the index hands over;
 * on the expression, that recheck called `search_key` (unaccent) on each of them again: Chamados
 * "silva" by name read its 22,000 matches in 125 ms, 18 ms on the stored column (decision 0028).
 * SQLite's search tables (FTS5) do not change.
 * `fastupdate = off`: GIN's pending list of new entries (flushed by vacuum) is costed as read by
 * every search, and with the cheap test of a stored key beside it, PostgreSQL then walked a whole
 * table instead (the share-user search on 20,000 users: cost 1,680 with 20,000 pending entries, 28
 * without). These tables get a few rows a minute; each now goes into the index at once.
 */
const STORED = {
  calls: ['nome_usuario', 'nome_suporte', 'matricula_usuario', 'setores_usuario', 'dep', 'filial'],
  users: ['nome'],
  purchase_requests: ['descript', 'nome_usuario'],
} as const;

const each = async (f: (table: string, column: string) => Promise<unknown>) => {
  for (const [table, columns] of Object.entries(STORED)) for (const column of columns) await f(table, column);
};

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await each(async (table, column) => {
    await sql`create index ${sql.id(`${table}_${column}_search_key_idx`)} on ${sql.id(table)}
      using gin (${sql.id(`search_${column}`)} gin_trgm_ops) with (fastupdate = off)`.execute(db);
    await sql`drop index ${sql.id(`${table}_${column}_search_idx`)}`.execute(db);
  });
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await each(async (table, column) => {
    await sql`create index ${sql.id(`${table}_${column}_search_idx`)} on ${sql.id(table)}
      using gin (search_key(${sql.id(column)}) gin_trgm_ops)`.execute(db);
    await sql`drop index ${sql.id(`${table}_${column}_search_key_idx`)}`.execute(db);
  });
}
