import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * PostgreSQL only (issue 14): the purchases side bar's status, unit and type are not independent
 * (a unit buys one type, a status gathers in some units), and the planner multiplied their
 * frequencies: for a combination with no request it expected 1,655, walked the creation-date index
 * hoping to meet 51 of them early and read all 50,000 requests (88 ms; 0.1 ms through the
 * (status, filial, typerequest, created_at) index once it knows the combination's frequency).
 * Extended statistics (most common combinations) teach it; ANALYZE (autovacuum, or the next
 * manual one) fills them. SQLite has no such statistics and reads that index already.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create statistics purchase_requests_filters_stats (mcv) on status, filial, typerequest
    from purchase_requests`.execute(db);
  await sql`analyze purchase_requests`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop statistics if exists purchase_requests_filters_stats`.execute(db);
}
