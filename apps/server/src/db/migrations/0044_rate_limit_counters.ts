import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 36: on PostgreSQL the rate limits count in the database, so that several servers count
 * together (decision 0124). The table is the one rate-limiter-flexible's Postgres store reads (a
 * key, its points, its expiry in epoch milliseconds); the key is text, not the store's own
 * varchar(255), so that no long login name can fail the insert. SQLite counts in the process.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropTable('rate_limit_counters').execute();
}
